/// The class chains one import has already worked out, by simple class name: a dump repeats a few classes many times,
/// and working a chain out again for each view is a good part of an import's time.
struct ChainCache {
    private var known: [String: [String]] = [:]

    /// The chain of `simple`, made by `make` the first time it is asked for.
    mutating func chain(of simple: String, _ make: (String) -> [String]) -> [String] {
        if let chain = known[simple] { return chain }
        let chain = make(simple)
        known[simple] = chain
        return chain
    }
}
