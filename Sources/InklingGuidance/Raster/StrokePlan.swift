import InklingStrokes

/// A stroke outlined in map pixels and ready to paint: what ``StrokeRasterizer/plan(_:toPixels:)``
/// makes once per stroke so that every band can paint it without outlining it again.
struct StrokePlan: Sendable {
    /// Tap, samples, or nothing.
    var prepared: PreparedOutline
    /// The shaped samples and corners when ``prepared`` is `.samples`.
    var workspace: OutlineWorkspace
    /// Stroke space to map pixels.
    var transform: AffineTransform2D
    /// How the ink renders.
    var profile: InkProfile
    /// Minimum outline width in stroke units.
    var minimumWidth: Double
    /// Cap flattening tolerance in stroke units.
    var tolerance: Double
    /// Mask polygons in map pixels, if the stroke is masked.
    var clip: [[Point2D]]?
    /// Map-pixel rectangle the stroke can paint (generous); bands it misses skip its geometry.
    var reach: Rect2D
    /// Mean texture threshold of the stroke's points.
    var threshold: Double
    /// Seed for textured inks.
    var randomSeed: UInt32
}
