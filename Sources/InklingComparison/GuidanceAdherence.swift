/// How closely a generated image follows a sketch: edge precision and recall within a distance
/// tolerance, their F-score, and the symmetric mean chamfer distance.
///
/// Produced by ``AdherenceMeter/measure(image:guidance:tolerance:)``. ``f1`` is the score:
/// `0 ... 1`, higher means the output's edges lie along the sketch and the sketch is drawn.
public struct GuidanceAdherence: Sendable, Hashable {
    /// Fraction of the output's edge pixels within ``tolerance`` of a sketch pixel, `0 ... 1`
    /// (0 when the output has no edges).
    public var precision: Double
    /// Fraction of the sketch's pixels within ``tolerance`` of an output edge pixel, `0 ... 1`.
    public var recall: Double
    /// The score: the harmonic mean of ``precision`` and ``recall``, `0 ... 1` (0 when both are 0).
    public var f1: Double
    /// Mean distance in pixels from each output edge pixel to the nearest sketch pixel and from
    /// each sketch pixel to the nearest output edge pixel, averaged over the two directions.
    ///
    /// Each distance is capped at the image diagonal; a direction with nothing to measure from
    /// (no output edges) counts as the diagonal, so the value is always finite.
    public var chamferDistance: Double
    /// The distance in pixels within which an edge and a sketch pixel count as matching.
    public var tolerance: Double

    /// Creates a result from its parts.
    public init(precision: Double, recall: Double, f1: Double, chamferDistance: Double, tolerance: Double) {
        self.precision = precision
        self.recall = recall
        self.f1 = f1
        self.chamferDistance = chamferDistance
        self.tolerance = tolerance
    }
}
