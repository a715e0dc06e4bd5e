/// A terminal size in columns and rows.
public struct Size: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A key as the terminal layer reports it, independent of curses.
public enum Key: Sendable, Hashable {
    case char(Character)
    case ctrl(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
}

/// A mouse event in screen coordinates (column, row from 0).
public enum MouseEvent: Sendable, Equatable {
    case press(x: Int, y: Int)
    case wheelUp(x: Int, y: Int)
    case wheelDown(x: Int, y: Int)
}

/// Everything the UI reacts to: a key, the mouse, or a new terminal size.
public enum InputEvent: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
}
