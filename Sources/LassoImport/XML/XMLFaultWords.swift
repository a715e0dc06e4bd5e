/// What libxml2's numbered parse errors (Foundation's `XMLParser.ErrorCode`) mean, in words: what was expected and what
/// was found, for the errors whose words do not depend on where the parser was.
enum XMLFaultWords {
    /// The expected and found words of `code`; a generic pair for a code not listed.
    static func words(for code: Int) -> (expected: String, found: String) {
        table[code] ?? ("well-formed XML", "something the XML parser rejects here")
    }

    private static let doctype = ("a well-formed DOCTYPE declaration", "a malformed or unfinished one")
    private static let declaration = (
        "an XML declaration such as <?xml version=\"1.0\" encoding=\"UTF-8\"?>", "a malformed or unfinished one"
    )
    private static let characterReference = (
        "a valid character reference such as &#x4E2D; or &#20013;", "one that is not"
    )
    private static let undefinedEntity = (
        "a defined entity (&amp; &lt; &gt; &quot; &apos; or a character reference such as &#x4E2D;)",
        "an undefined entity"
    )
    private static let attribute = ("attribute=\"value\" pairs in the tag", "a malformed attribute")
    private static let namespace = (
        "a valid namespace declaration (xmlns:prefix=\"URI\", with a URI)", "one that is not"
    )

    private static let table: [Int: (expected: String, found: String)] = [
        1: ("XML the parser can read", "an internal error of the XML parser"),
        2: ("a document the XML parser has memory for", "more than it could hold"),
        3: ("an XML document", "nothing the XML parser could start on"),
        4: ("an XML document", "no XML element"),
        6: characterReference, 7: characterReference, 8: characterReference,
        9: (
            "characters XML allows, in UTF-8 or the encoding the file declares",
            "a byte or control character that is not"
        ),
        10: ("a character reference such as &#x4E2D;", "the end of the file inside one"),
        11: ("character references only inside the root element", "one before it"),
        12: ("character references only inside the root element", "one after it"),
        13: ("character references only inside elements", "one in the DOCTYPE"),
        14: ("an entity reference such as &amp;", "the end of the file inside one"),
        15: ("entity references only inside the root element", "one before it"),
        16: ("entity references only inside the root element", "one after it"),
        17: ("entity references only inside elements", "one in the DOCTYPE"),
        18: ("no parameter entity reference (%name;)", "one at the end of the file"),
        19: ("no parameter entity reference (%name;)", "one before the root element"),
        20: ("no parameter entity reference (%name;)", "one after the root element"),
        21: ("no parameter entity reference (%name;)", "one inside the DOCTYPE's markup"),
        22: ("an entity name after '&' (a plain & is written &amp;)", "none"),
        23: ("';' after an entity name", "none"),
        24: ("a name after '%'", "none"),
        25: ("';' after a parameter entity name", "none"),
        26: undefinedEntity, 27: undefinedEntity,
        28: ("a parsed entity", "a reference to an unparsed (NDATA) entity"),
        29: ("only internal entities in attribute values", "a reference to an external entity, which is never loaded"),
        30: ("a general entity reference (&name;)", "a parameter entity used as one"),
        31: ("an encoding the XML parser knows (UTF-8, UTF-16, ISO-8859-1, …)", "an unknown encoding declaration"),
        32: ("an encoding the XML parser knows (UTF-8, UTF-16, ISO-8859-1, …)", "an unknown encoding declaration"),
        33: attribute, 34: attribute,
        35: namespace,
        36: ("an entity value in quotes", "none"),
        37: ("the closing quote of the entity value", "none"),
        38: attribute, 39: attribute, 40: attribute, 41: attribute,
        42: ("each attribute at most once in a tag", "an attribute given twice"),
        43: attribute, 44: attribute,
        45: ("'-->' closing the comment", "the end of the file"),
        46: ("a processing instruction such as <?target data?>", "a malformed one"),
        47: ("'?>' closing the processing instruction", "the end of the file"),
        48: doctype, 49: doctype, 50: doctype, 51: doctype, 52: doctype, 53: doctype, 54: doctype, 55: doctype,
        56: declaration, 57: declaration,
        58: doctype, 59: doctype, 60: doctype, 61: doctype,
        62: ("text without ']]>' (it closes a CDATA section)", "']]>' outside a CDATA section"),
        63: ("']]>' closing the CDATA section", "the end of the file"),
        64: (
            "the XML declaration <?xml …?> only at the very start of the file",
            "another <?xml …?> later, or a processing instruction named xml"
        ),
        65: attribute,
        66: doctype, 67: doctype,
        68: ("a name after '<', '&' or '%'", "something else"),
        69: doctype, 70: doctype, 71: doctype,
        72: ("'<'", "something else"),
        73: ("'>' closing the tag", "something else"),
        74: ("'</' opening a closing tag", "something else"),
        75: ("'=' between an attribute's name and its value", "something else"),
        78: ("standalone=\"yes\" or standalone=\"no\" in the XML declaration", "another value"),
        79: ("an encoding name such as UTF-8 in the XML declaration", "a malformed one"),
        80: ("a comment without '--' inside it", "'--' before the comment's end"),
        81: ("text in the encoding the file declares", "bytes that are not"),
        82: ("a standalone document without external entity declarations", "one"),
        83: doctype,
        84: ("a value", "none"),
        85: ("an entity whose text is well-formed XML by itself", "one with unbalanced tags"),
        86: ("the end of the file after the root element", "more content"),
        87: ("characters XML allows in the entity", "one that is not"),
        88: ("no parameter entity reference inside the DOCTYPE's markup", "one"),
        89: ("entities that do not refer to themselves", "an entity loop"),
        90: ("markup that starts and ends in the same entity", "markup split across entities"),
        91: ("a valid URI in the DOCTYPE or entity declaration", "one that is not"),
        92: ("a URI without a fragment (#…) in the DOCTYPE or entity declaration", "one with a fragment"),
        94: ("a DOCTYPE", "none"),
        95: doctype,
        96: ("version=\"1.0\" in the XML declaration", "none"),
        97: ("version=\"1.0\" in the XML declaration", "a version the XML parser does not know"),
        98: ("a language tag such as en or zh-Hans in xml:lang", "one that is not"),
        99: namespace, 100: namespace,
        101: ("an encoding declaration", "none"),
        102: ("xml:space=\"default\" or xml:space=\"preserve\"", "another value"),
        103: ("a standalone document", "one that needs external declarations"),
        104: ("entities the XML parser can process", "one it cannot"),
        105: ("notations the XML parser can process", "one it cannot"),
        106: namespace,
        107: ("each entity declared once", "one declared twice"),
        108: ("version=\"1.0\" in the XML declaration", "a version the XML parser does not know"),
        109: ("the XML version of the document", "another one"),
        110: ("names the XML parser accepts (at most 50,000 characters)", "a longer one"),
        112: ("a comment with text, closed by '-->'", "'<!-->' or '<!--->'"),
        200: namespace,
        201: ("namespace prefixes declared with xmlns:prefix=\"URI\"", "a prefix that is not declared"),
        202: ("a name with at most one ':' (prefix:name)", "a malformed qualified name"),
        203: ("each attribute at most once in a tag", "an attribute given twice (with namespaces)"),
        204: ("a namespace URI in xmlns:prefix=\"…\"", "an empty one"),
        205: ("a name without ':' here (a namespace name)", "one with ':'"),
    ]
}
