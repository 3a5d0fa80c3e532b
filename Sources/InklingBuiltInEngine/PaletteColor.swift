/// A colour for painting: red, green, blue in `0 ... 1` (sRGB values).
public struct PaletteColor: Sendable, Hashable {
    /// Red, `0 ... 1`.
    public var r: Float
    /// Green, `0 ... 1`.
    public var g: Float
    /// Blue, `0 ... 1`.
    public var b: Float

    /// Creates a colour from components in `0 ... 1`.
    public init(_ r: Float, _ g: Float, _ b: Float) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates a colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(Float((hex >> 16) & 0xFF) / 255, Float((hex >> 8) & 0xFF) / 255, Float(hex & 0xFF) / 255)
    }

    /// Creates a colour from hue (degrees), saturation and lightness (`0 ... 1`).
    public init(hue: Double, saturation: Double, lightness: Double) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let s = min(max(saturation, 0), 1), l = min(max(lightness, 0), 1)
        let c = (1 - abs(2 * l - 1)) * s
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = l - c / 2
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        self.init(Float(r + m), Float(g + m), Float(b + m))
    }

    /// Linear interpolation towards `other` by `t` (`0`: self, `1`: other).
    public func mixed(with other: PaletteColor, _ t: Float) -> PaletteColor {
        PaletteColor(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t)
    }

    /// Relative luminance-like brightness (Rec. 709 weights on sRGB values).
    public var luminance: Float { 0.2126 * r + 0.7152 * g + 0.0722 * b }

    /// Scaled towards black (`factor < 1`) or white (`factor > 1`).
    public func shaded(_ factor: Float) -> PaletteColor {
        factor <= 1 ? PaletteColor(r * factor, g * factor, b * factor)
            : mixed(with: PaletteColor(1, 1, 1), min(factor - 1, 1))
    }
}
