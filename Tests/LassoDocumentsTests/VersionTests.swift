import LassoDocuments
import LassoSnapshot
import Testing

@Suite("Versions and intervals (docs/config-format.md)")
struct VersionTests {
    func v(_ text: String) -> AppVersion { AppVersion(text)! }

    @Test("versions compare number by number")
    func ordering() {
        #expect(v("5.10.0") > v("5.9.3"))
        #expect(v("5.3") == v("5.3.0"))
        #expect(v("5.3.0-beta.2") < v("5.3.0"))
        #expect(v("5.3.0-beta.2") < v("5.3.0-beta.10"))
        #expect(v("5.3.0-alpha") < v("5.3.0-beta"))
        #expect(v("5.3.0-beta") < v("5.3.0-beta.1"))
        #expect(v("5.3.0+build7") == v("5.3.0"))
        #expect(v("10") > v("9.99.99"))
    }

    @Test(
        "malformed versions are refused",
        arguments: ["", "5..3", "v5.3", "5.3.x", "5.3-", "1.2.3.4.5.6.7.8.9", "5.3.0-be ta"])
    func malformed(text: String) {
        #expect(AppVersion(text) == nil)
    }

    @Test("intervals are half-open, either end optional")
    func intervals() {
        let interval = VersionInterval(from: v("5.3.0"), until: v("5.6.0"))
        #expect(interval.contains(v("5.3.0")))
        #expect(interval.contains(v("5.5.9")))
        #expect(!interval.contains(v("5.6.0")))
        #expect(!interval.contains(v("5.2.9")))
        #expect(!interval.contains(v("5.3.0-beta.1")))
        #expect(VersionInterval(from: v("5.3")).contains(v("99")))
        #expect(VersionInterval(until: v("5.3")).contains(v("1.0")))
        #expect(VersionInterval(from: v("5.3"), until: v("5.3")).isEmpty)
    }

    @Test("an empty list means every version")
    func emptyList() {
        #expect(VersionRanges().contains(v("0.0.1")))
        let ranges = VersionRanges([VersionInterval(until: v("2.0")), VersionInterval(from: v("3.0"))])
        #expect(ranges.contains(v("1.5")))
        #expect(!ranges.contains(v("2.5")))
        #expect(ranges.contains(v("3.0")))
    }

    @Test("overlap: touching half-open intervals do not overlap")
    func overlap() {
        let a = VersionRanges([VersionInterval(from: v("5.0"), until: v("5.3"))])
        let b = VersionRanges([VersionInterval(from: v("5.3"))])
        let c = VersionRanges([VersionInterval(from: v("5.2.9"), until: v("6"))])
        #expect(!a.overlaps(b))
        #expect(a.overlaps(c))
        #expect(b.overlaps(c))
        #expect(VersionRanges().overlaps(a))
    }
}
