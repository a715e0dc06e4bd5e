import Foundation
import LassoSnapshot

/// Text from definitions put into generated Swift and Java: string literals escaped for each language, and doc
/// comments that no name or note can end or break (a `*/`, a Java `\u`, a line break, a control character).
enum CatalogueText {
    /// `text` on one comment line: line breaks as spaces, other control characters escaped.
    static func comment(_ text: String) -> String {
        DisplayText.escaped(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
    }

    /// The lines of a doc comment saying `text` (a note's line breaks kept), each with its control characters escaped.
    static func docLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayText.escaped(String($0)) }
    }

    /// A Java doc comment's line: `*/` cannot end the comment (`*&#47;` reads as `*/` in the page javadoc makes)
    /// and a `\u` is not read as a Unicode escape (javac reads those before anything else, in comments too).
    static func javaDoc(_ line: String) -> String {
        line.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(of: "\\u", with: "\\u005cu")
    }

    /// A Swift string literal of `text`.
    static func swiftString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A Java string literal of `text`: control characters as octal escapes (a `\u000a` would be a line break to
    /// javac before the literal is read), and a backslash doubled so that no `\u` in the text is read as an escape.
    static func javaString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where scalar.properties.generalCategory == .control:
                // Three digits, so that a digit after it is never read as part of the escape.
                let octal = String(scalar.value, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
