import Foundation

/// A 2-D affine transform, laid out like Core Graphics' `CGAffineTransform`.
///
/// A point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. Concatenation follows
/// Core Graphics: `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct AffineTransform2D: Sendable, Hashable, Codable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// A scale by `sx` horizontally and `sy` vertically about the origin.
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians about the origin (clockwise on a y-down canvas).
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`.
    public func concatenating(_ other: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Determinant of the linear part; zero means the transform collapses the plane.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the transform is not invertible.
    public func inverted() -> AffineTransform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The smaller and larger singular values of the linear part: how much the transform
    /// shrinks and stretches lengths at most (infinite when a coefficient is too large to square).
    public var singularValues: (smaller: Double, larger: Double) {
        let s = a * a + b * b + c * c + d * d
        let det = abs(determinant)
        let root = max(0, s * s - 4 * det * det).squareRoot()
        return (max(0, (s - root) / 2).squareRoot(), ((s + root) / 2).squareRoot())
    }

    /// Geometric-mean scale factor: how much lengths grow on average (√|det|).
    public var meanScale: Double { abs(determinant).squareRoot() }

    /// Applies the transform to a point.
    public func apply(to p: Point2D) -> Point2D {
        Point2D(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Applies only the linear part (no translation), as for a direction vector.
    public func applyLinear(to v: Point2D) -> Point2D {
        Point2D(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    /// The bounding box of a rectangle after the transform (NaN coordinates when a coefficient
    /// or the rectangle is not finite enough to give one).
    public func apply(to r: Rect2D) -> Rect2D {
        Rect2D(enclosing: r.corners.map(apply(to:))) ?? Rect2D(x: .nan, y: .nan, width: .nan, height: .nan)
    }
}
