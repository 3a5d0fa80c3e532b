/// A drawing as Inkling stroke JSON describes it (`docs/inkling-drawing.schema.json`), in
/// Foundation types only: what an iPad app builds from a `PKDrawing` and sends to `inkling serve`.
///
/// ```swift
/// let drawing = InkDrawing(canvas: .init(width: 1024, height: 768), strokes: [
///     InkStroke(points: [InkPoint(x: 10, y: 10, force: 0.8), InkPoint(x: 200, y: 150, timeOffset: 0.2)])])
/// let json = drawing.jsonData(layout: .columnar)     // canonical stroke JSON, doubles bit for bit
/// let back = try InkDrawing(jsonData: json)
/// ```
public struct InkDrawing: Sendable, Hashable {
    /// The size of the surface drawn on, in drawing units (`nil`: the strokes' bounds are used).
    public var canvas: InkCanvas?
    /// A shape for every stroke, under the fields each stroke's `ink.shape` sets.
    public var shape: InkShape?
    /// Strokes in painting order, later on top.
    public var strokes: [InkStroke]

    /// Creates a drawing.
    public init(canvas: InkCanvas? = nil, shape: InkShape? = nil, strokes: [InkStroke] = []) {
        self.canvas = canvas; self.shape = shape; self.strokes = strokes
    }

    /// The number of control points over all strokes.
    public var pointCount: Int { strokes.reduce(0) { $0 + $1.points.count } }
}
