/// The six colours one painting uses: a background (sky or paper tint), the ground, three fill
/// colours for regions and an ink colour for lines.
public struct Palette: Sendable, Hashable {
    /// Sky / background colour (upper part of the picture).
    public var background: PaletteColor
    /// Ground colour (lower part of the picture).
    public var ground: PaletteColor
    /// Main fill colour.
    public var primary: PaletteColor
    /// Second fill colour.
    public var secondary: PaletteColor
    /// Accent (motifs, highlights, a third fill).
    public var accent: PaletteColor
    /// Line colour (dark).
    public var ink: PaletteColor

    /// Creates a palette from its six colours.
    public init(background: PaletteColor, ground: PaletteColor, primary: PaletteColor,
                secondary: PaletteColor, accent: PaletteColor, ink: PaletteColor) {
        self.background = background
        self.ground = ground
        self.primary = primary
        self.secondary = secondary
        self.accent = accent
        self.ink = ink
    }

    /// Creates a palette from six `0xRRGGBB` values in property order.
    public init(_ hex: [UInt32]) {
        precondition(hex.count == 6, "a palette has six colours")
        self.init(background: PaletteColor(hex: hex[0]), ground: PaletteColor(hex: hex[1]),
                  primary: PaletteColor(hex: hex[2]), secondary: PaletteColor(hex: hex[3]),
                  accent: PaletteColor(hex: hex[4]), ink: PaletteColor(hex: hex[5]))
    }

    /// The colours in property order.
    public var colors: [PaletteColor] { [background, ground, primary, secondary, accent, ink] }

    /// The fill colours in order: primary, secondary, accent, then two mixes.
    public var fills: [PaletteColor] {
        [primary, secondary, accent, primary.mixed(with: accent, 0.5), secondary.mixed(with: background, 0.35)]
    }

    /// A pleasant palette from a hue: split-complementary fills at good saturation and lightness,
    /// a light desaturated sky and a mid-tone ground (used for words the lexicon does not know).
    public static func harmonious(hue: Double) -> Palette {
        Palette(
            background: PaletteColor(hue: hue + 180, saturation: 0.45, lightness: 0.86),
            ground: PaletteColor(hue: hue + 60, saturation: 0.35, lightness: 0.62),
            primary: PaletteColor(hue: hue, saturation: 0.68, lightness: 0.56),
            secondary: PaletteColor(hue: hue + 150, saturation: 0.55, lightness: 0.55),
            accent: PaletteColor(hue: hue + 210, saturation: 0.75, lightness: 0.62),
            ink: PaletteColor(hue: hue + 200, saturation: 0.35, lightness: 0.14))
    }

    /// The palette used when there are no concepts: clear sky, meadow, warm fills.
    public static let neutral = Palette([0xBFDDF2, 0x9CC98A, 0xE8734A, 0x4F8FC9, 0xF2C14E, 0x2A2433])

    /// Weighted blend of palettes (weights need not sum to 1; empty input gives ``neutral``).
    public static func blend(_ parts: [(Palette, Double)]) -> Palette {
        let total = parts.reduce(0) { $0 + max($1.1, 0) }
        guard total > 0 else { return parts.first?.0 ?? .neutral }
        var acc = [PaletteColor](repeating: PaletteColor(0, 0, 0), count: 6)
        for (palette, weight) in parts {
            let w = Float(max(weight, 0) / total)
            for (i, c) in palette.colors.enumerated() {
                acc[i].r += c.r * w
                acc[i].g += c.g * w
                acc[i].b += c.b * w
            }
        }
        return Palette(background: acc[0], ground: acc[1], primary: acc[2], secondary: acc[3], accent: acc[4], ink: acc[5])
    }

    /// The palette with its three fill colours rotated by `steps` (variations use it).
    public func rotated(_ steps: Int) -> Palette {
        var f = [primary, secondary, accent]
        let k = ((steps % 3) + 3) % 3
        f = Array(f[k...] + f[..<k])
        return Palette(background: background, ground: ground, primary: f[0], secondary: f[1], accent: f[2], ink: ink)
    }
}
