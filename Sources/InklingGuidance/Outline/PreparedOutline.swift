/// What ``StrokeOutliner`` made of a stroke before any polygon is written.
enum PreparedOutline {
    /// Nothing to draw (no points, non-finite points).
    case empty
    /// A single tap: a filled dot (stroke space).
    case dot(x: Double, y: Double, radius: Double, intensity: Double, confidence: Double)
    /// Shaped samples and corners are in the workspace.
    case samples
}
