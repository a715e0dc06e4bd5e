/// What a cell means, for the terminal layer to turn into colors and attributes (or none, with NO_COLOR).
public enum Style: UInt8, Sendable, CaseIterable {
    case normal
    case dim
    case selected
    case header
    case border
    case focusBorder
    case highlight
    case frame
    case status
    case statusKey
    case warning
    case error
    case match
    case page
    case label
    case input
    case ok
}
