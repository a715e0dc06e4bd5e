/// A portable regular expression read into a tree (`RegexParser`), the form `RegexProgram` compiles.
indirect enum RegexNode: Sendable, Equatable {
    /// Matches the empty text.
    case empty
    /// One character (Unicode scalar) out of a set: a literal, `.`, or a bracket class.
    case scalars(ScalarRanges)
    /// `^` or `\A`: the start of the value.
    case start
    /// `$`: the very end of the value (not before a final line break).
    case end
    /// One after the other.
    case sequence([RegexNode])
    /// Any one of them.
    case either([RegexNode])
    /// `minimum` to `maximum` times (nil: any number more); lazy and greedy repeats match the same values.
    case repeated(RegexNode, minimum: Int, maximum: Int?)
}
