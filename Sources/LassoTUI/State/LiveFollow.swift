import LassoDocuments

/// The UI following a phone (`lasso open --live`): the screen shown, the next one when it came while a form was open,
/// and the last echo seen.
public struct LiveFollow: Sendable, Equatable {
    /// Only this app's screens are followed; nil: any app's.
    public var app: String?
    /// The screen on the UI now.
    public var screen: LiveScreenSummary
    /// The newest screen seen, shown or skipped: the next one is asked for after it.
    public internal(set) var after: Int64
    /// A newer screen, waiting for the form to close.
    public var pending: LiveScreenSummary?
    /// The screen to open next: the UI closes its loop and the command opens it.
    public internal(set) var next: LiveScreenSummary?
    /// The last echo shown.
    public var echoSeq: Int
    /// Configs on their way to the phone: the screen does not change until they are there.
    var sending = 0
    /// What the phone last answered (a config sent, an event fired), said again on the next screen.
    var note: String?
    /// The note when the screen changed: what the next screen's status line says after "the phone moved".
    public internal(set) var carried: String?

    public init(app: String?, screen: LiveScreenSummary, echoSeq: Int = 0) {
        self.app = app
        self.screen = screen
        self.echoSeq = echoSeq
        after = screen.id
    }

    /// A screen's name as the status line says it: an Android activity without its package
    /// (`com.example.shop.CartActivity` → `CartActivity`).
    static func shortName(_ screen: LiveScreenSummary) -> String {
        screen.screen.split(separator: ".").last.map(String.init) ?? screen.screen
    }

    /// What the header says, beside the page: that the screen is the phone's, and which.
    var words: String { "live screen \(screen.id)" }
}
