import InklingStrokes

/// A ``PolygonSink`` that maps vertices to pixels and appends them to a ``LevelBuckets/Polygons``.
struct BucketSink: PolygonSink {
    let transform: AffineTransform2D
    var polygons: LevelBuckets.Polygons

    @inline(__always) mutating func moveTo(_ x: Double, _ y: Double) {
        polygons.starts.append(polygons.coordinates.count)
        lineTo(x, y)
    }

    @inline(__always) mutating func lineTo(_ x: Double, _ y: Double) {
        let t = transform
        polygons.coordinates.append(t.a * x + t.c * y + t.tx)
        polygons.coordinates.append(t.b * x + t.d * y + t.ty)
    }

    mutating func closePolygon() {}
}
