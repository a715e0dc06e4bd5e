/// The fields SDK profiles read (docs/snapshot-format.md, "Fields SDK profiles read"): kept as the node's own
/// fields like any unknown one, but their type is checked, so that a wrong one is refused with its place.
extension SnapshotParser {
    /// Reads and checks the value of `name` when it is one of those fields, cursor on the value; nil for any other.
    mutating func checkedSDKField(_ name: String) throws(ScanError) -> ByteRef? {
        switch name {
        case "id", "ivar", "rootViewController", "presentedViewController", "role", "childIndex", "section",
            "presented":
            break
        default: return nil
        }
        scanner.skipWhitespace()
        let start = scanner.pos
        do throws(ScanError) {
            switch name {
            case "childIndex", "section":
                if let number = try numberValue(),
                    !(number >= 0 && number == number.rounded() && number < 2_147_483_647)
                {
                    throw ScanError(
                        offset: start, expected: "a whole number, 0 or more", found: JSONValue.double(number).plainText)
                }
            case "presented":
                _ = try boolValue()
            case "role":
                if let span = try stringValue(nullable: true) {
                    let role = scanner.decode(span)
                    guard role == "sectionHeader" || role == "sectionFooter" else {
                        throw ScanError(
                            offset: start, expected: "\"sectionHeader\" or \"sectionFooter\"", found: "\"\(role)\"")
                    }
                }
            default:
                _ = try stringValue(nullable: true)
            }
        } catch {
            // A controller's fields are reported at the controller: name the field in the words.
            throw ScanError(offset: error.offset, expected: "\"\(name)\" to be \(error.expected)", found: error.found)
        }
        return ByteRef(start: UInt32(start), end: UInt32(scanner.pos), escaped: false)
    }
}
