import Foundation

/// A colour in CIE L\*a\*b\* (D65 white, 2° observer), converted from 8-bit sRGB with the
/// constants scikit-image's `rgb2lab` uses, so that ΔE values can be checked against it.
public struct CIELab: Sendable, Hashable {
    /// Lightness, 0 (black) … 100 (white).
    public var l: Double
    /// Green (−) to red (+).
    public var a: Double
    /// Blue (−) to yellow (+).
    public var b: Double

    /// Creates a colour from its coordinates.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The L\*a\*b\* coordinates of an 8-bit sRGB colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Self.linear[Int(red)], g = Self.linear[Int(green)], bl = Self.linear[Int(blue)]
        // sRGB primaries → XYZ (scikit-image's xyz_from_rgb), scaled by the D65 white.
        let x = (0.412453 * r + 0.357580 * g + 0.180423 * bl) / 0.95047
        let y = 0.212671 * r + 0.715160 * g + 0.072169 * bl
        let z = (0.019334 * r + 0.119193 * g + 0.950227 * bl) / 1.08883
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// sRGB's transfer function undone, for each 8-bit value.
    private static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c > 0.04045 ? pow((c + 0.055) / 1.055, 2.4) : c / 12.92
    }

    /// CIE's cube-root compression with its linear toe.
    @inline(__always)
    private static func f(_ t: Double) -> Double {
        t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116
    }
}
