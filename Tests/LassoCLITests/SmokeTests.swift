import Foundation
import Testing

@Suite("lasso binary smoke")
struct SmokeTests {
    @Test("stats on a sample prints the node count as JSON")
    func statsJSON() throws {
        let outcome = try LassoProcess.run(["stats", LassoProcess.sample("shop-home.json"), "--json"])
        #expect(outcome.status == 0)
        let object = try #require(try LassoProcess.json(outcome) as? [String: Any])
        #expect(object["nodes"] as? Int == 109)
    }
}
