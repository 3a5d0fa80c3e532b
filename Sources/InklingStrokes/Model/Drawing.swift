/// An ordered collection of strokes, like PencilKit's `PKDrawing`: the unit Inkling parses,
/// rasterizes into guidance maps and hands to engines.
public struct Drawing: Sendable, Hashable, Codable {
    /// Strokes in painting order (later strokes on top).
    public var strokes: [Stroke]
    /// The size of the surface the drawing was made on, when the client said so. Fitting to an
    /// output size uses it; without it the strokes' bounds are used.
    public var canvas: Size2D?

    /// Creates a drawing.
    public init(strokes: [Stroke] = [], canvas: Size2D? = nil) {
        self.strokes = strokes
        self.canvas = canvas
    }

    /// The union of every stroke's ``Stroke/renderBounds``, or `nil` when nothing is drawn.
    public var bounds: Rect2D? {
        strokes.compactMap(\.renderBounds).reduce(nil) { acc, r in acc.map { $0.union(r) } ?? r }
    }

    /// The region that maps onto an output image: the canvas when known, else the bounds.
    public var frame: Rect2D? {
        if let canvas, canvas.width > 0, canvas.height > 0 {
            return Rect2D(x: 0, y: 0, width: canvas.width, height: canvas.height)
        }
        return bounds
    }

    /// The total number of control points over all strokes.
    public var pointCount: Int { strokes.reduce(0) { $0 + $1.path.count } }

    /// This drawing with `t` applied after every stroke's own transform (the canvas is kept).
    public func transformed(using t: AffineTransform2D) -> Drawing {
        Drawing(strokes: strokes.map { $0.transformed(using: t) }, canvas: canvas)
    }

    /// This drawing with `shape`'s fields replacing every stroke's own (see ``Ink/reshaped(by:)``).
    public func reshaped(by shape: StrokeShape?) -> Drawing {
        guard let shape, !shape.isEmpty else { return self }
        var copy = self
        for i in copy.strokes.indices { copy.strokes[i].ink = copy.strokes[i].ink.reshaped(by: shape) }
        return copy
    }

    /// This drawing with another's strokes painted on top.
    public func appending(_ other: Drawing) -> Drawing {
        Drawing(strokes: strokes + other.strokes, canvas: canvas ?? other.canvas)
    }
}
