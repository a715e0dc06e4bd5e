/// One thing `lasso lint` found in the configs folder: which rule, where (file, JSON path, line), and in words.
public struct LintFinding: Sendable, Equatable {
    /// The rules of the configs folder's lint (docs/lint.md).
    public enum Rule: String, Sendable, CaseIterable {
        /// A file that does not read as its kind of document (or a folder in the wrong place).
        case unreadable
        /// Two files hold documents with the same id.
        case duplicateId = "duplicate-id"
        /// Two event definitions of an app share a key for overlapping versions: a back end counts two things as one.
        case duplicateKey = "duplicate-key"
        /// Two event definitions count the same event, place and content for overlapping versions under two keys.
        case duplicateCounting = "duplicate-counting"
        /// Two configs (or hook configs) say the same thing for overlapping versions: the SDK would report it twice.
        case overlappingVersions = "overlapping-versions"
        /// Two configs whose places overlap report one key name for one event from different key paths: on a view
        /// both match, the SDK reports either value under that name.
        case overlappingPlaces = "overlapping-places"
        /// The file is not in the canonical form (key order, indent, trailing newline); `--fix` rewrites it.
        case notCanonical = "not-canonical"
        /// The file's name is not `<name>-<first 8 of id>.json` in its app's folder; `--fix` renames it.
        case misnamed = "misnamed-file"
        /// A field no version of lasso reads (kept, but likely a typo).
        case unknownField = "unknown-field"
        /// A version bound the SQL export cannot express (a pre-release).
        case unexportableBound = "unexportable-bound"
        /// An event definition whose content keys no config at its place reports.
        case orphan
        /// An event definition without a number, or with one the app's ledger (`events/numbers.txt`) does not record;
        /// `--fix` gives or records it.
        case unnumbered
        /// An event definition whose number another definition of the app holds, or was given first.
        case numberReused = "number-reused"
        /// An event definition whose number is not the one the ledger gave it.
        case numberChanged = "number-changed"

        /// What the rule is about, in a few words (SARIF's short description).
        public var summary: String {
            switch self {
            case .unreadable: "a file that does not read as a document"
            case .duplicateId: "two files with the same id"
            case .duplicateKey: "two event definitions with the same key for overlapping versions"
            case .duplicateCounting: "two event definitions that count the same clicks"
            case .overlappingVersions: "two configs that say the same thing for overlapping versions"
            case .overlappingPlaces: "two configs whose places overlap report one key name from different key paths"
            case .notCanonical: "a file not in the canonical form"
            case .misnamed: "a file name that is not <name>-<id8>.json in its app's folder"
            case .unknownField: "a field lasso does not know"
            case .unexportableBound: "a version bound the SQL export cannot express"
            case .orphan: "an event definition no config feeds"
            case .unnumbered: "an event definition without a recorded number"
            case .numberReused: "an event number given to two definitions"
            case .numberChanged: "an event number changed after it was given"
            }
        }
    }

    public var rule: Rule
    public var file: String
    /// Where in the file's JSON (`$.versions[0].from`), `$` for the whole file.
    public var jsonPath: String
    /// The 1-based line of the JSON path in the file (1 when it cannot be placed).
    public var line: Int
    public var message: String
    /// Whether `lasso lint --fix` repairs it.
    public var fixable: Bool

    public init(rule: Rule, file: String, jsonPath: String = "$", line: Int = 1, message: String, fixable: Bool = false)
    {
        self.rule = rule
        self.file = file
        self.jsonPath = jsonPath
        self.line = line
        self.message = message
        self.fixable = fixable
    }
}
