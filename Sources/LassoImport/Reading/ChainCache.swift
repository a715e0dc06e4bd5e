import LassoSnapshot

/// The class chains one import has already worked out, by simple class name: a dump repeats a few classes many times,
/// and working a chain out again for each view is a good part of an import's time.
struct ChainCache {
    private var known: [String: (chain: [String], value: JSONValue)] = [:]

    /// The chain of `simple`, made by `make` the first time it is asked for.
    mutating func chain(of simple: String, _ make: (String) -> [String]) -> [String] {
        entry(of: simple, make).chain
    }

    /// The chain of `simple` as a view's `superclasses` value, made once and shared by every view of the class.
    mutating func value(of simple: String, _ make: (String) -> [String]) -> JSONValue {
        entry(of: simple, make).value
    }

    private mutating func entry(of simple: String, _ make: (String) -> [String]) -> (chain: [String], value: JSONValue)
    {
        if let entry = known[simple] { return entry }
        let chain = make(simple)
        let entry = (chain, JSONValue.array(chain.map { .string($0) }))
        known[simple] = entry
        return entry
    }
}
