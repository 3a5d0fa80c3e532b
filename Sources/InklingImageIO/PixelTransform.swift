/// A 2-D affine transform `(a, b, c, d, tx, ty)` in pixel coordinates, with CGAffineTransform's
/// convention: a point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// Pixel `(i, j)` covers the unit square `[i, i+1) × [j, j+1)`, so its centre is `(i + ½, j + ½)`;
/// y grows downwards. InklingImageIO defines this small type so it does not depend on
/// InklingStrokes; any transform with the same six numbers means the same thing.
public struct PixelTransform: Sendable, Hashable {
    /// x scale / rotation term.
    public var a: Double
    /// y-from-x shear / rotation term.
    public var b: Double
    /// x-from-y shear / rotation term.
    public var c: Double
    /// y scale / rotation term.
    public var d: Double
    /// x translation.
    public var tx: Double
    /// y translation.
    public var ty: Double

    /// A transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales by `sx`, `sy` about the origin, then translates by `tx`, `ty`.
    public init(scaleX sx: Double, scaleY sy: Double, translateX tx: Double = 0, translateY ty: Double = 0) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }

    /// The transform that fits a `sourceWidth × sourceHeight` image inside (`aspectFill == false`)
    /// or over (`aspectFill == true`) a `width × height` canvas, uniformly scaled and centred.
    public static func fitting(sourceWidth: Int, sourceHeight: Int, into width: Int, height: Int,
                               aspectFill: Bool = false) -> PixelTransform {
        let sx = Double(width) / Double(max(sourceWidth, 1))
        let sy = Double(height) / Double(max(sourceHeight, 1))
        let s = aspectFill ? max(sx, sy) : min(sx, sy)
        return PixelTransform(scaleX: s, scaleY: s,
                              translateX: (Double(width) - Double(sourceWidth) * s) / 2,
                              translateY: (Double(height) - Double(sourceHeight) * s) / 2)
    }

    /// Where `(x, y)` lands.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// `a·d − b·c`; zero when the transform collapses the plane onto a line or a point.
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the determinant is zero or not finite.
    public var inverted: PixelTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return PixelTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                              tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// This transform applied after `other`: `result(p) == self(other(p))`.
    public func concatenating(after other: PixelTransform) -> PixelTransform {
        PixelTransform(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                       c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                       tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }
}
