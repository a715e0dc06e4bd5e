import Foundation
import NIOCore
import Testing

@testable import LassoServer

/// An access-log line as the log's thread writes it: its time, its seconds, its target with the query's secrets
/// redacted and every byte outside printable ASCII escaped.
@Suite struct LogLineTests {
    @Test func timesAreUTCWithMillisecondsAcrossSecondsAndYears() {
        var time = LogTime()
        #expect(time.text(Date(timeIntervalSince1970: 0.5)) == "1970-01-01T00:00:00.500Z")
        #expect(time.text(Date(timeIntervalSince1970: 1_796_031_601.123)) == "2026-11-30T09:40:01.123Z")
        #expect(time.text(Date(timeIntervalSince1970: 1_796_031_601.007)) == "2026-11-30T09:40:01.007Z")
        #expect(time.text(Date(timeIntervalSince1970: 1_796_031_602.999)) == "2026-11-30T09:40:02.999Z")
        #expect(time.text(Date(timeIntervalSince1970: 946_684_799.25)) == "1999-12-31T23:59:59.250Z")
    }

    @Test func secondsHaveSixDecimals() {
        #expect(LogTime.seconds(.microseconds(412)) == "0.000412")
        #expect(LogTime.seconds(.seconds(2) + .milliseconds(5)) == "2.005000")
        #expect(LogTime.seconds(.nanoseconds(999)) == "0.000000")
        #expect(LogTime.seconds(.seconds(86_400)) == "86400.000000")
    }

    static func request(_ target: String, method: String = "GET") -> AnsweredRequest {
        AnsweredRequest(
            at: Date(timeIntervalSince1970: 1_796_031_601.123),
            client: try? SocketAddress(ipAddress: "10.1.2.3", port: 4567), method: method, target: target,
            status: 200, bodyBytes: 42, elapsed: .microseconds(1500))
    }

    @Test func queryValuesAreRedactedExceptTheVersionsAndNamesSDKsAskAbout() {
        #expect(
            Self.request("/decide?version=1&lib=iphone&token=abc&distinct_id=u1&properties=%7B%7D").loggedTarget
                == "/decide?version=1&lib=iphone&token=REDACTED&distinct_id=REDACTED&properties=REDACTED")
        #expect(
            Self.request("/config/visualized/iOS.conf?app_id=com.shop&project=default&v=abc&feature_code=X1")
                .loggedTarget
                == "/config/visualized/iOS.conf?app_id=com.shop&project=default&v=abc&feature_code=REDACTED")
        #expect(Self.request("/v1/ping?&flag&=x").loggedTarget == "/v1/ping?&flag&=REDACTED")
        #expect(Self.request("/v1/ping?").loggedTarget == "/v1/ping?")
        // `;` parts parameters too, in the query and in the path.
        #expect(Self.request("/v1/ping?version=1;token=S&v=2").loggedTarget == "/v1/ping?version=1;token=REDACTED&v=2")
        #expect(Self.request("/x;token=S/y?v=1").loggedTarget == "/x;REDACTED?v=1")
    }

    @Test func bytesOutsidePrintableASCIIAreEscapedEverywhere() {
        let line = Self.request("/a b\"c\\\u{1B}[31m\u{202E}é?version=1\u{7F}", method: "G\u{0}T").line(
            .text, time: "T")
        #expect(
            line
                == #"T 10.1.2.3 "G\x00T /a\x20b\x22c\x5C\x1B[31m\xE2\x80\xAE\xC3\xA9?version=1\x7F" 200 42 0.001500"#
                + "\n")
        // A client's own percent escapes are written as sent: told from lasso's.
        #expect(Self.request("/a%22b").loggedTarget == "/a%22b")
    }

    @Test func aJSONLineHasEveryFieldOnce() {
        let line = Self.request("/v1/apps/a/configs?version=1.0.0").line(.json, time: "2026-11-30T09:40:01.123Z")
        #expect(
            line
                == #"{"time":"2026-11-30T09:40:01.123Z","client":"10.1.2.3","method":"GET","path":"/v1/apps/a/configs?version=1.0.0","status":200,"bytes":42,"seconds":0.001500}"#
                + "\n")
    }
}
