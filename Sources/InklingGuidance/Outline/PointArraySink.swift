import InklingStrokes

/// A ``PolygonSink`` that collects polygons as arrays of points.
struct PointArraySink: PolygonSink {
    /// The polygons received so far, each closed implicitly.
    var polygons: [[Point2D]] = []

    mutating func moveTo(_ x: Double, _ y: Double) { polygons.append([Point2D(x: x, y: y)]) }
    mutating func lineTo(_ x: Double, _ y: Double) { polygons[polygons.count - 1].append(Point2D(x: x, y: y)) }
    mutating func closePolygon() {}
}
