import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

/// The configs list (`L`) of a big folder: it pages as the outline does (PgDn, PgUp, Home, End) and draws only the
/// rows it shows.
@Suite("The configs list pages through hundreds of configs")
struct ConfigsListPagingTests {
    /// A configs folder with `count` configs of shop-ios, `k0` to `k<count - 1>`.
    static func folder(_ count: Int) throws -> String {
        let root = TUIFixtures.folder()
        let directory = ConfigDirectory(root: root)
        for number in 0..<count {
            let config = KVCConfig(
                id: String(format: "%08x-0000-4000-8000-000000000000", number), appKey: "shop-ios",
                versions: VersionRanges(), viewEvent: "ButtonClick",
                viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[\(number)]"),
                keyPath: "title", keyName: "k\(number)")
            _ = try directory.save(config, replacing: [])
        }
        return root
    }

    /// The start of row `index` as the list shows it (the folder's order, not the numbers').
    static func row(_ index: Int, of state: AppState) -> String {
        "○ " + state.appConfigs[index].config.keyName + "  ButtonClick"
    }

    static func selected(_ state: AppState) -> Int? {
        if case .configs(let list) = state.overlay { return list.selected }
        return nil
    }

    @Test("? in the list shows every key, says so in the status line, and Esc goes back to the list where it was")
    func helpOverTheList() throws {
        for (width, height) in [(80, 24), (120, 40)] {
            var state = try TUIFixtures.state(width: width, height: height, configs: try Self.folder(30))
            state.type(.char("L"))
            #expect(state.screenText.contains("? every key"), "\(width) columns:\n\(state.screenText)")
            state.type(.char("G"))
            state.type(.char("?"))
            #expect(state.overlay == .help)
            #expect(state.screenText.contains("Configs list"), "\(width) columns")
            state.type(.escape)
            #expect(Self.selected(state) == 29, "\(state.overlay)")
            state.type(.escape)
            #expect(state.overlay == .none)
        }
    }

    @Test("PgDn and PgUp move a page of rows, End goes to the last row and Home to the first, each row in sight")
    func paging() throws {
        let count = 600
        var state = try TUIFixtures.state(width: 100, height: 30, configs: try Self.folder(count))
        state.type(.char("L"))
        #expect(Self.selected(state) == 0, "\(state.overlay)")
        state.type(.pageDown)
        let page = try #require(Self.selected(state))
        #expect(page > 1)
        #expect(state.screenText.contains(Self.row(page, of: state)))
        state.type(.pageDown)
        #expect(Self.selected(state) == 2 * page)
        state.type(.pageUp)
        #expect(Self.selected(state) == page)
        state.type(.end)
        #expect(Self.selected(state) == count - 1)
        #expect(state.screenText.contains(Self.row(count - 1, of: state)))
        state.type(.pageDown)
        #expect(Self.selected(state) == count - 1)
        state.type(.home)
        #expect(Self.selected(state) == 0)
        #expect(state.screenText.contains(Self.row(0, of: state)))
        state.type(.char("G"))
        #expect(Self.selected(state) == count - 1)
        state.type(.char("g"))
        #expect(Self.selected(state) == 0)
        state.type(.pageUp)
        #expect(Self.selected(state) == 0)
    }
}
