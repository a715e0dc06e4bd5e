import LassoDocuments

/// The UI following a phone (`lasso open --live`): the screen shown, the next one when it came while a form was open,
/// and the last echo seen.
public struct LiveFollow: Sendable, Equatable {
    /// Only this app's screens are followed; nil: any app's.
    public var app: String?
    /// The screen on the UI now.
    public var screen: LiveScreenSummary
    /// A newer screen, waiting for the form to close.
    public var pending: LiveScreenSummary?
    /// The screen to open next: the UI closes its loop and the command opens it.
    public internal(set) var next: LiveScreenSummary?
    /// The last echo shown.
    public var echoSeq: Int
    /// Configs on their way to the phone: the screen does not change until they are there.
    var sending = 0
    /// What the status line said when the screen changed, said again on the next one.
    public internal(set) var carried: String?

    public init(app: String?, screen: LiveScreenSummary, echoSeq: Int = 0) {
        self.app = app
        self.screen = screen
        self.echoSeq = echoSeq
    }

    /// What the header says: the screen and that it is live.
    var words: String { "live: \(screen.screen) (phone screen \(screen.id))" }
}
