import LassoCounting
import LassoDocuments
import LassoSnapshot
import Testing

@Suite("A definition's regex as each SQL back end is given it, to mean there what it means to lasso")
struct EventSQLPatternTests {
    @Test(
        "PostgreSQL as it is; Spark with (?s) and \\z for each $ outside a class; ClickHouse with a non-ASCII character before a quantifier in a class",
        arguments: [
            ("^a[$]b\\$.$", EventSQL.Engine.postgres, "^a[$]b\\$.$"),
            ("^a[$]b\\$.$", .spark, "(?s)^a[$]b\\$.\\z"),
            ("^a[$]b\\$.$", .clickhouse, "^a[$]b\\$.$"),
            ("(x|$)[\\]$]$", .spark, "(?s)(x|\\z)[\\]$]\\z"),
            ("😀{0,2}[é?]é+热门?a*", .clickhouse, "[😀]{0,2}[é?][é]+热[门]?a*"),
            ("😀{0,2}[é?]é+热门?a*", .spark, "(?s)😀{0,2}[é?]é+热门?a*"),
        ])
    func written(_ pattern: String, _ engine: EventSQL.Engine, _ expected: String) {
        #expect(EventSQL.pattern(pattern, engine: engine) == expected)
    }

    @Test("the exported query carries the pattern so written")
    func inTheQuery() throws {
        let text =
            #"{"id":"12345678","appKey":"a","name":"n","key":"k","viewEvent":"E","viewPath":"A[0]","content":[{"key":"t","op":"regex","value":"^热门?$"}]}"#
        let definition = try EventDefinitionCodec.decode(
            try JSONParser.parse(Array(text.utf8), file: "d.json"), file: "d.json")
        #expect(try EventSQL.query([definition], engine: .spark).contains("RLIKE '(?s)^热门?\\\\z'"))
        #expect(try EventSQL.query([definition], engine: .clickhouse).contains("match(properties['t'], '^热[门]?$')"))
        #expect(try EventSQL.query([definition], engine: .postgres).contains("~ '^热门?$'"))
    }
}
