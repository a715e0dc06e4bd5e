import Foundation
import LassoDocuments
import Testing

@Suite("The portable subset of regular expressions a definition's regex condition keeps to")
struct PortableRegexTests {
    @Test(
        "patterns every engine reads alike are accepted, and compile",
        arguments: [
            "^热门推荐$", "推荐", "^A.*$", "a|b", "(ab)+", "(?:ab)*c", "x{2}", "x{2,}", "x{2,5}", "x{0,255}", "a*?b",
            "a+?", "a??", "[0-9]+", "[^a-z]", "[-a]", "[a-]", "[\\]\\[\\\\]", "\\.\\*\\+\\?\\(\\)\\{\\}\\|\\^\\$",
            "\\/\\-", "a\\nb\\tc", "\\A^x", "^(首页|推荐)-[0-9]{1,3}$", "\\u2028", "[\\u0085-\\u00FF]", "(^)*b", "(?:$){2}",
        ])
    func accepted(_ pattern: String) throws {
        #expect(PortableRegex.problem(in: pattern) == nil)
        #expect(ContentCondition.regexProblem(pattern) == nil)
    }

    @Test(
        "patterns an engine reads otherwise are refused with the construct and its place",
        arguments: [
            ("a(?=b)", "a lookahead (?=) at character 2"),
            ("a(?!b)", "a lookahead (?!) at character 2"),
            ("(?<=a)b", "a lookbehind (?<=) at character 1"),
            ("(?<!a)b", "a lookbehind (?<!) at character 1"),
            ("(a)\\1", "a backreference (\\1) at character 4"),
            ("(?<n>a)\\k<n>", "a named group (its syntax differs; use ( ) or (?: )) at character 1"),
            ("(?P<n>a)", "a named group (its syntax differs; use ( ) or (?: )) at character 1"),
            ("(?>a)", "an atomic group (?>) at character 1"),
            ("a++", "a possessive quantifier (a + after a repeat) at character 3"),
            ("a{2}+", "a possessive quantifier (a + after a repeat) at character 5"),
            ("a\\Z", "\\Z (write $ for the end) at character 2"),
            ("a\\z", "\\z (write $ for the end) at character 2"),
            ("(?i)abc", "an inline flag or other (?… group (only (?: ) is shared) at character 1"),
            ("(?s:a.b)", "an inline flag or other (?… group (only (?: ) is shared) at character 1"),
            ("a\\hb", "\\h at character 2"),
            ("\\p{Han}+", "a Unicode class (\\p{…}) at character 1"),
            ("[\\p{L}]", "a Unicode class (\\p{…}) in a class at character 1"),
            ("\\d+", "\\d (the engines differ on non-ASCII digits, letters and spaces; write a class such as [0-9])"),
            ("\\bword", "\\b (PostgreSQL reads \\b as a backspace) at character 1"),
            ("\\x41", "a character code (\\x…; write the character itself, or \\u and four hex digits) at character 1"),
            (
                "\\u00e",
                "\\u without four hex digits of a character (write \\u2028, or the character itself) at character 1"
            ),
            (
                "\\U0001F600",
                "a character code (\\U…; write the character itself, or \\u and four hex digits) at character 1"
            ),
            ("\\Qa.b\\E", "quoting with \\Q…\\E (escape each character) at character 1"),
            ("[[:alpha:]]", "a [ inside a class (write \\[; Java reads it as a union) at character 1"),
            ("[a&&b]", "&& inside a class (Java or Python reads it as a set operation) at character 1"),
            ("[]a]", "a ] first in a class (write \\]) at character 1"),
            ("a{", "a literal { (write \\{) at character 2"),
            ("a{,3}", "a literal { (write \\{) at character 2"),
            ("a{256}", "a repeat count over 255 at character 2"),
            ("a**", "a repeat of nothing or of a repeat at character 3"),
            ("a\\", "a lone \\ at the end at character 2"),
            ("\\e", "the escape \\e at character 1"),
        ])
    func refused(_ pattern: String, _ words: String) throws {
        let problem = try #require(PortableRegex.problem(in: pattern))
        #expect(problem.hasPrefix(words))
        #expect(problem.hasSuffix("is not read alike by RE2, PostgreSQL, Java and Python"))
        #expect(ContentCondition.regexProblem(pattern) == problem)
    }

    @Test("a definition file with a lookahead says the file, the JSON path and what is not portable")
    func fileRefusal() throws {
        let text =
            #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"regex","value":"^a(?!b)"}]}"#
        #expect(
            EventDefinitionTests.failure(text)
                == "d.json: $.content[0].value: expected a portable regular expression that compiles (a lookahead (?!) at"
                + " character 3 is not read alike by RE2, PostgreSQL, Java and Python), found \"^a(?!b)\"")
    }
}
