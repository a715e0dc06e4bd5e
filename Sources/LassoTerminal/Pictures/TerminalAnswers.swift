import Foundation

/// What a terminal answered to the questions asked before the UI starts: kitty's graphics query, the cell size in
/// pixels (`CSI 16 t`) and the primary device attributes, whose attribute 4 is sixel.
public struct TerminalAnswers: Sendable, Equatable {
    /// The terminal answered kitty's graphics query with OK.
    public var kittyGraphics = false
    /// The primary device attributes came back.
    public var attributes = false
    /// They include 4: the terminal draws sixel.
    public var sixel = false
    /// The cell size the terminal gave, if it answered `CSI 16 t`.
    public var cell: PixelSize?
    /// The largest sixel image it draws, if it answered xterm's graphics attributes question (`CSI ? 2 ; 4 ; 0 S`).
    public var sixelLimit: PixelSize?

    public init() {}

    /// The answers found in `bytes`, whatever else (keys typed meanwhile) lies between them.
    public init(parsing bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        kittyGraphics = text.contains("\u{1B}_Gi=31;OK")
        // ESC [ ? a ; b ; … c
        if let start = text.range(of: "\u{1B}[?"), let end = text[start.upperBound...].firstIndex(of: "c") {
            attributes = true
            sixel = text[start.upperBound..<end].split(separator: ";").contains("4")
        }
        // ESC [ 6 ; height ; width t
        if let start = text.range(of: "\u{1B}[6;"), let end = text[start.upperBound...].firstIndex(of: "t") {
            let numbers = text[start.upperBound..<end].split(separator: ";").compactMap { Int($0) }
            if numbers.count == 2, PixelSize(width: numbers[1], height: numbers[0]).isCell {
                cell = PixelSize(width: numbers[1], height: numbers[0])
            }
        }
        // ESC [ ? 2 ; 0 ; width ; height S
        if let start = text.range(of: "\u{1B}[?2;0;"), let end = text[start.upperBound...].firstIndex(of: "S") {
            let numbers = text[start.upperBound..<end].split(separator: ";").compactMap { Int($0) }
            if numbers.count == 2, numbers[0] > 0, numbers[1] > 0 {
                sixelLimit = PixelSize(width: numbers[0], height: numbers[1])
            }
        }
    }

    /// The questions, in the order kitty's documentation gives: the graphics query, the cell size and the largest
    /// sixel image, then the device attributes, which every terminal answers, so that their answer ends the wait.
    public static let questions: [UInt8] = Array(
        "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[?2;4;0S\u{1B}[c".utf8)

    /// The device attributes alone: what tmux is asked about itself (it would take kitty's query, an APC string,
    /// for a window title).
    public static let attributesQuestion: [UInt8] = Array("\u{1B}[c".utf8)

    /// True once `bytes` hold the device attributes' answer (the last one to come).
    public static func complete(_ bytes: [UInt8]) -> Bool {
        TerminalAnswers(parsing: bytes).attributes
    }
}
