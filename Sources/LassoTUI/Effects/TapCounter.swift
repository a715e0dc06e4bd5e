import LassoCounting

/// Counts the SDK's records in logs for the UI (`lasso open --log`); only `EffectRunner` calls it, in a task of its
/// own, so a long count never holds up a key.
public protocol TapCounter: Sendable {
    func count(_ request: TapCountRequest) async throws -> TapCounts
}

extension LogTapCounter: TapCounter {}
