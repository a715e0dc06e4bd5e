import LassoTUI

/// The curses terminal as the screen the UI loop reads keys from and draws on.
extension CursesTerminal: UIScreen {}
