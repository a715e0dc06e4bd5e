import ArgumentParser
import LassoSnapshot

/// An option value from a fixed set, taken as typed so that a wrong one is refused in lasso's own words, while help and
/// shell completions still list the set.
struct ArgumentChoice<Value: ExpressibleByArgument & CaseIterable>: ExpressibleByArgument {
    /// The text given on the command line.
    let text: String
    /// The value the text names, or nil when it names none of the set.
    let value: Value?

    init(argument: String) {
        text = argument
        value = Value(argument: argument)
    }

    static var allValueStrings: [String] { Value.allValueStrings }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    var defaultValueDescription: String { text }

    /// The value, or a usage error that names `flag` and the allowed values.
    func checked(_ flag: String) throws(LassoError) -> Value {
        guard let value else {
            let names = Self.allValueStrings
            let expected =
                names.count == 2 ? "\(names[0]) or \(names[1])" : "one of " + names.joined(separator: ", ")
            throw LassoError(.usage, "\(flag): expected \(expected), found \"\(text)\"")
        }
        return value
    }

    /// `checked(flag)` as ArgumentParser's validation wants it: a wrong value stops the command before it runs.
    func validate(_ flag: String) throws {
        do { _ = try checked(flag) } catch { throw ValidationError(error.message) }
    }
}
