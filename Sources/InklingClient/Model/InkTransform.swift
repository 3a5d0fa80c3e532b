/// A stroke's affine transform, stroke space to drawing space, as stroke JSON's
/// `[a, b, c, d, tx, ty]` and Core Graphics' `CGAffineTransform` lay it out:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct InkTransform: Sendable, Hashable, Codable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that moves nothing.
    public static let identity = InkTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The six coefficients in document order.
    public var coefficients: [Double] { [a, b, c, d, tx, ty] }

    /// Whether this is the identity bit for bit (a `-0.0` coefficient is not: it is written).
    public var isIdentity: Bool { zip(coefficients, Self.identity.coefficients).allSatisfy { $0.bitPattern == $1.bitPattern } }

    /// Applies the transform to a point.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// Reads `[a, b, c, d, tx, ty]`.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.singleValueContainer().decode([Double].self)
        guard values.count == 6 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "expected an array of 6 numbers [a, b, c, d, tx, ty], got \(values.count)"))
        }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    /// Writes `[a, b, c, d, tx, ty]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(coefficients)
    }
}
