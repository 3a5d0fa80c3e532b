/// A point or vector in drawing space (points, like PencilKit's `CGPoint`).
public struct Point2D: Sendable, Hashable, Codable {
    /// Horizontal coordinate; grows to the right.
    public var x: Double
    /// Vertical coordinate; grows downwards, as on every canvas Inkling reads from.
    public var y: Double

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point2D(x: 0, y: 0)

    /// Euclidean distance to another point.
    public func distance(to other: Point2D) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// Length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point2D, s: Double) -> Point2D { Point2D(x: a.x * s, y: a.y * s) }
}

/// A width and height in drawing space.
public struct Size2D: Sendable, Hashable, Codable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in drawing space.
public struct Rect2D: Sendable, Hashable, Codable {
    /// Top-left corner.
    public var origin: Point2D
    /// Extent; never negative for rectangles Inkling creates.
    public var size: Size2D

    /// Creates a rectangle from its corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point2D(x: x, y: y)
        size = Size2D(width: width, height: height)
    }

    /// The smallest rectangle containing every point, or `nil` for no points.
    public init?<S: Sequence>(enclosing points: S) where S.Element == Point2D {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y)
            maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The four corners, clockwise from the top-left.
    public var corners: [Point2D] {
        [Point2D(x: minX, y: minY), Point2D(x: maxX, y: minY),
         Point2D(x: maxX, y: maxY), Point2D(x: minX, y: maxY)]
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect2D) -> Rect2D {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect2D(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The overlap of both, or `nil` when they do not overlap.
    public func intersection(_ other: Rect2D) -> Rect2D? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect2D(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rectangle shrunk by `dx` and `dy` on each side (grown for negative amounts), as
    /// Core Graphics' `insetBy(dx:dy:)`; the size never goes below zero.
    public func insetBy(dx: Double, dy: Double) -> Rect2D {
        Rect2D(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
}
