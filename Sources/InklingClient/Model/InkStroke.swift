/// One stroke of a drawing (stroke JSON's element of `strokes`, PencilKit's `PKStroke`).
public struct InkStroke: Sendable, Hashable {
    /// The tool, colour and shape.
    public var ink: StrokeInk
    /// The control points in drawing order, in the stroke's own space (at least one).
    public var points: [InkPoint]
    /// Stroke space to drawing space (identity by default).
    public var transform: InkTransform
    /// Clip polygons in stroke space, before the transform, non-zero winding; `nil`: no mask.
    public var mask: [[InkVertex]]?
    /// Seed for textured inks.
    public var randomSeed: UInt32
    /// When the stroke began, seconds since 1970-01-01 UTC, exactly as written (0: unknown).
    public var creationDate: Double

    /// Creates a stroke.
    public init(
        ink: StrokeInk = StrokeInk(), points: [InkPoint], transform: InkTransform = .identity,
        mask: [[InkVertex]]? = nil, randomSeed: UInt32 = 0, creationDate: Double = 0
    ) {
        self.ink = ink; self.points = points; self.transform = transform
        self.mask = mask; self.randomSeed = randomSeed; self.creationDate = creationDate
    }
}
