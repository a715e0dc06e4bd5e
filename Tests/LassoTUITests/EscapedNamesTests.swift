import Foundation
import LassoSnapshot
import LassoTUI
import Testing

/// Names from a snapshot are data: a control character in a class name is shown as its escape on screen, as texts'
/// are, never dropped and never sent to the terminal.
@Suite("Control characters in names are shown escaped")
struct EscapedNamesTests {
    @Test("a class name with ESC in the outline: shown as \\e, never dropped, never sent as it is")
    func escapedNames() throws {
        let text = TUIFixtures.screen.replacingOccurrences(
            of: #""class": "UITableView""#, with: #""class": "Evil\u001b[31mTable""#)
        let state = try TUIFixtures.state(text)
        let screen = state.screenText
        #expect(screen.contains(#"Evil\e[31mTable"#))
        #expect(!screen.unicodeScalars.contains("\u{1B}"))
        let grid = Renderer.render(state)
        for cell in grid.cells {
            #expect(!cell.text.unicodeScalars.contains(where: DisplayText.isEscaped))
        }
    }
}
