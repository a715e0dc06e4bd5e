import LassoImage

/// Decides how the UI shows the screenshot from what was asked for (`PictureChoice`), the environment, the tmux pane
/// and the terminal's answers: an image protocol only where the terminal is known to speak it, never guessed into
/// one that would print its bytes as text.
public enum PictureProbe {
    /// The environment's word for a terminal that shows images, without asking it: kitty's or iTerm2's (sixel has no
    /// such word and is asked for).
    static func hint(_ environment: [String: String]) -> TerminalImageProtocol? {
        let term = environment["TERM"] ?? ""
        if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true || term == "xterm-kitty"
            || term == "xterm-ghostty" || environment["GHOSTTY_RESOURCES_DIR"].map({ !$0.isEmpty }) == true
        {
            return .kitty
        }
        let program = environment["TERM_PROGRAM"] ?? ""
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" {
            return .iterm
        }
        return nil
    }

    /// What tmux's passthrough note says when tmux keeps images from the terminal.
    static let tmuxClosed = "half blocks: tmux does not let images through (tmux set -g allow-passthrough on allows it)"

    /// The output for `choice`. `ask` puts the questions to the terminal, or with `true` to the terminal outside
    /// tmux through its passthrough; it is called only when the answer matters. `windowCell` is the cell size the
    /// tty's window size gives.
    public static func decide(
        choice: PictureChoice, environment: [String: String], tmux: TmuxPane?, windowCell: PixelSize?,
        ask: (_ throughTmux: Bool) -> TerminalAnswers
    ) -> PictureOutput {
        let named = TerminalImageProtocol(rawValue: choice.rawValue)
        switch choice {
        case .none: return .none
        case .blocks: return .blocks
        case .auto:
            let term = environment["TERM"] ?? ""
            if term.isEmpty || term == "dumb" || term == "linux" { return .blocks }
        case .kitty, .iterm, .sixel: break
        }
        guard let tmux else {
            // A named protocol is taken at its word; the terminal is asked only what the environment cannot say.
            let hinted = named ?? hint(environment)
            let answers = hinted == nil || windowCell == nil || hinted == .sixel ? ask(false) : TerminalAnswers()
            guard let found = hinted ?? (answers.kittyGraphics ? .kitty : (answers.sixel ? .sixel : nil)) else {
                return .blocks
            }
            return output(found, tmux: nil, windowCell: windowCell, answers: answers)
        }
        // Inside tmux: tmux answers for itself, and draws sixel where it was built to (3.4 and later).
        if named == nil || named == .sixel {
            let own = ask(false)
            if own.sixel { return output(.sixel, tmux: nil, windowCell: windowCell, answers: own) }
        }
        guard tmux.passthrough else { return .blocks(named != nil || hint(environment) != nil ? tmuxClosed : nil) }
        let outside = named == nil || named == .sixel ? ask(true) : TerminalAnswers()
        let found = named ?? hint(environment) ?? (outside.kittyGraphics ? .kitty : (outside.sixel ? .sixel : nil))
        guard let found else { return .blocks }
        return output(found, tmux: tmux, windowCell: windowCell ?? tmux.cell, answers: outside)
    }

    /// Pixels in `imageProtocol` where the cell size is known, else half blocks saying why.
    private static func output(
        _ imageProtocol: TerminalImageProtocol, tmux: TmuxPane?, windowCell: PixelSize?, answers: TerminalAnswers
    ) -> PictureOutput {
        guard let cell = windowCell ?? answers.cell else {
            return .blocks("half blocks: the terminal does not say how many pixels a character cell is")
        }
        return PictureOutput(
            imageProtocol: imageProtocol, drawsPicture: true, tmux: tmux, answeredCell: windowCell == nil ? cell : nil,
            sixelLimit: answers.sixelLimit)
    }

    /// Decides for this process's terminal, before curses starts.
    public static func decide(choice: PictureChoice, environment: [String: String]) -> PictureOutput {
        let tmux = choice == .none || choice == .blocks ? nil : TmuxPane.current(environment: environment)
        return decide(
            choice: choice, environment: environment, tmux: tmux, windowCell: TerminalQuestions.windowCell(),
            ask: { TerminalQuestions.ask(throughTmux: $0, insideTmux: tmux != nil) })
    }
}
