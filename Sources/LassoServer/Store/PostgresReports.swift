import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The failure reports an SDK sends, kept and added up in PostgreSQL.
extension PostgresDocumentStore {
    public func addReport(_ report: FailureReport) async throws {
        try await prepare()
        try await client.query(
            """
            INSERT INTO lasso_reports (app_key, config_id, app_version, key_path, count, received_at)
            VALUES (\(report.appKey), \(report.configId), \(report.appVersion), \(report.keyPath), \(report.count), \(report.receivedAt))
            """, logger: logger)
    }

    public func reports(appKey: String) async throws -> [ReportSummary] {
        try await prepare()
        var summaries: [ReportSummary] = []
        let rows = try await client.query(
            """
            SELECT config_id, app_version, key_path, SUM(count)::BIGINT AS total, COUNT(*)::BIGINT AS n, MAX(received_at) AS last
            FROM lasso_reports WHERE app_key = \(appKey) GROUP BY config_id, app_version, key_path
            ORDER BY total DESC, config_id, app_version, key_path
            """, logger: logger)
        for try await (configId, appVersion, keyPath, total, count, last) in rows.decode(
            (String, String, String, Int64, Int64, Double).self)
        {
            summaries.append(
                ReportSummary(
                    configId: configId, appVersion: appVersion, keyPath: keyPath, count: total, reports: count,
                    lastReceivedAt: last))
        }
        return summaries
    }
}
