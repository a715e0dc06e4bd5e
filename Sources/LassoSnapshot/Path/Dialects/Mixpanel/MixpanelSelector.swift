/// A Mixpanel codeless selector (`/UIView/UIView[0]/UILabel[text == "Label 1"]`), read as `MPObjectSelector` reads it
/// (docs/sdk-mixpanel.md), with a clear error where the SDK would silently drop or misread text.
public struct MixpanelSelector: Sendable, Hashable {
    /// One `/Name(flags)[index or predicate]` step.
    public struct Step: Sendable, Hashable {
        /// The class name, `*` for any object.
        public var name: String
        /// `[n]`; a negative one never narrows, as the SDK's unsigned comparison makes it.
        public var index: Int?
        public var unique: Bool
        /// The predicate as written, and as read.
        public var predicateText: String?
        public var predicate: MixpanelPredicate?

        public init(name: String, index: Int? = nil, unique: Bool = false, predicateText: String? = nil)
            throws(MixpanelPredicateError)
        {
            self.name = name
            self.index = index
            self.unique = unique
            self.predicateText = predicateText
            predicate = try predicateText.map { text throws(MixpanelPredicateError) in
                try MixpanelPredicateParser.parse(text)
            }
        }
    }

    public var text: String
    public var steps: [Step]

    static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.*")

    /// Reads `text` step by step as the SDK's scanner does (OS L144-191).
    public static func parse(_ text: String) throws(PathSyntaxError) -> MixpanelSelector {
        let characters = Array(text)
        func failure(_ reason: String) -> PathSyntaxError { PathSyntaxError(path: text, reason: reason) }
        guard characters.first == "/" else {
            throw failure(
                characters.isEmpty
                    ? "the selector is empty; expected steps such as /UIView/UILabel[1]"
                    : "a Mixpanel selector starts with /, as in /UIView/UILabel[1]; found \"\(characters[0])\"")
        }
        var steps: [Step] = []
        var at = 0
        while at < characters.count {
            guard characters[at] == "/" else {
                throw failure(
                    "at character \(at + 1): expected / or the end, found \"\(characters[at])\" (MPObjectSelector stops reading there and ignores the rest)"
                )
            }
            while at < characters.count && characters[at] == "/" { at += 1 }
            let nameStart = at
            while at < characters.count && nameCharacters.contains(characters[at]) { at += 1 }
            let name = at > nameStart ? String(characters[nameStart..<at]) : "*"
            var unique = false
            if at < characters.count && characters[at] == "(" {
                let flagsStart = at + 1
                at = flagsStart
                while at < characters.count && characters[at] != ")" { at += 1 }
                for flag in String(characters[flagsStart..<at]).split(separator: "|", omittingEmptySubsequences: false)
                {
                    guard flag == "unique" else {
                        throw failure(
                            "step \(steps.count + 1): unknown flag \"\(flag)\"; MPObjectSelector knows only (unique)")
                    }
                    unique = true
                }
                if at + 1 < characters.count {
                    throw failure(
                        "step \(steps.count + 1): MPObjectSelector stops reading at the ) of its flags, so (unique) works only at the very end of a selector; found \"\(String(characters[(at + 1)...]))\" after it"
                    )
                }
                at = characters.count
            }
            var index: Int?
            var predicateText: String?
            if at < characters.count && characters[at] == "[" {
                at += 1
                var digitsEnd = at
                if digitsEnd < characters.count && (characters[digitsEnd] == "-" || characters[digitsEnd] == "+") {
                    digitsEnd += 1
                }
                let digitsStart = digitsEnd
                while digitsEnd < characters.count && characters[digitsEnd].isASCII && characters[digitsEnd].isNumber {
                    digitsEnd += 1
                }
                if digitsEnd > digitsStart {
                    let written = String(characters[at..<digitsEnd])
                    // NSScanner gives the largest integer on overflow.
                    let number = Int(written) ?? (written.hasPrefix("-") ? Int.min : Int.max)
                    at = digitsEnd
                    if at < characters.count && characters[at] == "]" {
                        index = number
                        at += 1
                    }
                }
                if index == nil {
                    let predicateStart = at
                    while at < characters.count && characters[at] != "]" { at += 1 }
                    predicateText = String(characters[predicateStart..<at])
                    if at < characters.count { at += 1 }
                }
            }
            do {
                steps.append(try Step(name: name, index: index, unique: unique, predicateText: predicateText))
            } catch {
                throw failure("step \(steps.count + 1), predicate [\(predicateText ?? "")]: \(error.reason)")
            }
        }
        return MixpanelSelector(text: text, steps: steps)
    }

    /// The steps as a dialect's segments: `[n]` as the index, the predicate as text, `unique` as a flag.
    public var segments: [DialectSegment] {
        steps.map {
            DialectSegment(
                name: $0.name, indices: $0.index.map { [$0] } ?? [], predicate: $0.predicateText,
                flags: $0.unique ? ["unique"] : [])
        }
    }

    /// The selector again from the segments `segments` gave, without reading its text a second time.
    public init?(text: String, segments: [DialectSegment]) {
        var steps: [Step] = []
        for segment in segments {
            guard
                let step = try? Step(
                    name: segment.name, index: segment.indices.first ?? nil, unique: segment.flags.contains("unique"),
                    predicateText: segment.predicate)
            else { return nil }
            steps.append(step)
        }
        self.init(text: text, steps: steps)
    }

    public init(text: String, steps: [Step]) {
        self.text = text
        self.steps = steps
    }
}
