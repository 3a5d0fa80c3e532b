/// Receives outline polygons vertex by vertex, so outlines can go straight into cairo (with a
/// transform) or into arrays without an intermediate copy.
protocol PolygonSink {
    /// Starts a new closed polygon at `(x, y)`.
    mutating func moveTo(_ x: Double, _ y: Double)
    /// Adds a vertex to the current polygon.
    mutating func lineTo(_ x: Double, _ y: Double)
    /// Closes the current polygon.
    mutating func closePolygon()
}
