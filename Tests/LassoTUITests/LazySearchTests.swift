import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("A snapshot too big to count on every key: the first match as typed, the count at Enter")
struct LazySearchTests {
    @Test("each key goes to the match the counted search goes to; Enter counts; n steps as before")
    func firstMatchThenCount() throws {
        var counted = try TUIFixtures.state(width: 120, height: 40)
        var lazy = counted
        lazy.searchCountLimit = 0
        for query in ["加入", "UIButton", "label", "¥", "cell", "zzz", "UIView/", "[1]"] {
            _ = counted.type(.char("/"))
            _ = lazy.type(.char("/"))
            for character in query {
                _ = counted.type(.char(character))
                _ = lazy.type(.char(character))
                #expect(lazy.cursor == counted.cursor, "\(query): typed up to \(character)")
            }
            let none = counted.searchMatches?.isEmpty == true
            #expect(lazy.searchMatches == (none ? [] : nil), "\(query)")
            // The prompt says it: found and Enter counts, or no match; the counting state says how many.
            let prompt = { (state: AppState) in
                Renderer.render(state).text.split(separator: "\n").last.map(String.init) ?? ""
            }
            #expect(prompt(lazy).contains(none ? "no match" : "found · Enter counts the matches"), "\(query)")
            if let count = counted.searchMatches?.count, count > 1 {
                #expect(prompt(counted).contains("\(count) matches ·"), "\(query)")
            }
            #expect(lazy.status.contains(none ? "no view matches" : "Enter counts them"), "\(query)")
            _ = counted.type(.enter)
            _ = lazy.type(.enter)
            #expect(lazy.searchMatches == counted.searchMatches, "\(query)")
            #expect(lazy.cursor == counted.cursor, "\(query)")
            #expect(lazy.status == counted.status, "\(query)")
            _ = counted.type(.char("n"))
            _ = lazy.type(.char("n"))
            #expect(lazy.cursor == counted.cursor, "\(query): n")
        }
    }
}
