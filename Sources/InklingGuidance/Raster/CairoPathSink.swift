import InklingStrokes

/// A ``PolygonSink`` that maps stroke-space vertices to pixels and appends them to a canvas path.
struct CairoPathSink: PolygonSink {
    let canvas: CairoCanvas
    /// Stroke space → output pixels (stroke transform, then fit).
    let transform: AffineTransform2D

    @inline(__always) mutating func moveTo(_ x: Double, _ y: Double) {
        let t = transform
        canvas.moveTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }

    @inline(__always) mutating func lineTo(_ x: Double, _ y: Double) {
        let t = transform
        canvas.lineTo(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
    }

    @inline(__always) mutating func closePolygon() { canvas.closePath() }
}
