/// A ``GuidanceAdherence`` as plain values for JSON reports.
public struct AdherenceSummary: Sendable, Hashable, Codable {
    /// Edge precision, `0 ... 1`.
    public var precision: Double
    /// Sketch recall, `0 ... 1`.
    public var recall: Double
    /// F1 score, `0 ... 1`.
    public var f1: Double
    /// Symmetric mean chamfer distance in pixels.
    public var chamferDistance: Double
    /// Match tolerance in pixels.
    public var tolerance: Double

    /// The summary of `adherence`.
    public init(_ adherence: GuidanceAdherence) {
        precision = adherence.precision
        recall = adherence.recall
        f1 = adherence.f1
        chamferDistance = adherence.chamferDistance
        tolerance = adherence.tolerance
    }
}
