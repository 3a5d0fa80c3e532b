/// What ``StrokeOutliner`` made of a stroke before any polygon is written.
enum PreparedOutline {
    /// Nothing to draw (no points, non-finite points).
    case empty
    /// A single tap: a filled dot (stroke space).
    case dot(x: Double, y: Double, radius: Double, intensity: Double, confidence: Double)
    /// Shaped samples and corners are in the workspace.
    case samples
    /// One closed polygon (the `freehand` outline model) is in the workspace, painted at one
    /// intensity and confidence.
    case polygon(intensity: Double, confidence: Double)
}
