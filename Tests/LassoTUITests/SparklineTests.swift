import Testing

@testable import LassoTUI

/// Counts per day as a line of eighth-height blocks, scaled to the largest.
@Suite struct SparklineTests {
    @Test("the largest is a full block, the smallest above zero at least the lowest, a zero blank")
    func levels() {
        #expect(Sparkline.text([1, 0, 8, 4, 100]) == "▁ ▁▁█")
        #expect(Sparkline.text([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.text([0, 0]) == "  ")
        #expect(Sparkline.text([]) == "")
    }
}
