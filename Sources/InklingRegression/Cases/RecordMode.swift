/// When a regression run writes references, as snapshot-testing libraries name their modes.
public enum RecordMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Record cases that have no reference yet; compare the rest (the default).
    case missing
    /// Re-record every case (the report still shows how each differed from its old reference).
    case all
    /// Compare; re-record the cases that fail, keeping their differences in the report.
    case failed
    /// Never write: a case without a reference fails (for CI).
    case never
}
