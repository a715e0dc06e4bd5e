import Foundation
import HTTPTypes
import Hummingbird
import LassoSnapshot

/// `POST …/reports` (an SDK says a config failed on a version) and `GET …/reports` (lasso shows which configs are broken where).
struct ReportAPI {
    let api: ConfigAPI

    /// Reports are small: a few short fields.
    static let maxBodyBytes = 64 * 1024

    func post(_ request: inout Request, _ context: BasicRequestContext) async throws(APIError) -> JSONReply {
        let appKey = try RequestInput.appKey(context)
        let value = try await RequestInput.json(&request, limit: Self.maxBodyBytes)
        let report = try Self.decode(value, appKey: appKey)
        try await api.storeCall("save the report") { try await api.store.addReport(report) }
        return JSONReply(.created, .object(JSONObject(["result": .string("recorded")])))
    }

    func list(_ request: Request, _ context: BasicRequestContext) async throws(APIError) -> JSONReply {
        let appKey = try RequestInput.appKey(context)
        let summaries = try await api.storeCall("read the reports") { try await api.store.reports(appKey: appKey) }
        let items: [JSONValue] = summaries.map { summary in
            .object(
                JSONObject([
                    "configId": .string(summary.configId), "appVersion": .string(summary.appVersion),
                    "keyPath": .string(summary.keyPath),
                    "count": .number(String(summary.count)), "reports": .number(String(summary.reports)),
                    "lastReceivedAt": .string(
                        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: summary.lastReceivedAt))),
                ]))
        }
        return JSONReply(.ok, .object(JSONObject(["appKey": .string(appKey), "reports": .array(items)])))
    }

    /// Checks a report body: `{"configId", "appVersion", "keyPath", "count"}`.
    static func decode(_ value: JSONValue, appKey: String) throws(APIError) -> FailureReport {
        func fault(_ key: String, _ expected: String, _ found: JSONValue?) -> APIError {
            let shown =
                found.map { $0.stringValue.map { "\"\($0.prefix(100))\"" } ?? $0.kindDescription }
                ?? "nothing (the field is missing)"
            return APIError(.unprocessableContent, "request body: $.\(key): expected \(expected), found \(shown)")
        }
        guard case .object(let object) = value else {
            throw APIError(
                .unprocessableContent,
                "request body: expected a report object {\"configId\", \"appVersion\", \"keyPath\", \"count\"}, found \(value.kindDescription)"
            )
        }
        guard let configId = object["configId"]?.stringValue, configId.count >= 8, configId.count <= 200,
            configId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw fault("configId", "a config id (letters, digits and '-', 8 to 200 long)", object["configId"])
        }
        // Counted in code points, as JSON Schema's maxLength in docs/openapi.yaml counts: 100 characters by Swift's
        // count can be far more (a letter and its combining marks are one character).
        guard let appVersion = object["appVersion"]?.stringValue, appVersion.unicodeScalars.count <= 100,
            AppVersion(appVersion) != nil
        else {
            throw fault("appVersion", "an app version such as 5.4.1", object["appVersion"])
        }
        guard let keyPath = object["keyPath"]?.stringValue, !keyPath.isEmpty, keyPath.utf8.count <= 1000 else {
            throw fault("keyPath", "a key path of 1 to 1000 bytes", object["keyPath"])
        }
        var count: Int64 = 1
        if let field = object["count"], field != .null {
            guard case .number(let text) = field, let parsed = Int64(text), parsed >= 1, parsed <= 1_000_000_000 else {
                throw fault("count", "a whole number from 1 to 1000000000", field)
            }
            count = parsed
        }
        return FailureReport(
            appKey: appKey, configId: configId, appVersion: appVersion, keyPath: keyPath, count: count,
            receivedAt: Date().timeIntervalSince1970)
    }
}
