/// The kind of tool a stroke was drawn with, as in PencilKit's `PKInk.InkType`.
///
/// Each type renders differently in guidance maps and in the built-in engine.
public enum InkType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Ballpoint-like: pressure-sensitive width, opaque.
    case pen
    /// Thin, textured graphite; pressure drives opacity more than width.
    case pencil
    /// Wide, flat, translucent highlighter.
    case marker
    /// Constant width whatever the pressure.
    case monoline
    /// Calligraphic nib: width depends on the azimuth relative to the stroke direction.
    case fountainPen
    /// Soft-edged wash.
    case watercolor
    /// Waxy, textured, wide.
    case crayon
    /// Reed pen: broad, angled nib with dry, broken edges.
    case reed
}

/// An sRGB colour with straight (not premultiplied) alpha, each component 0…1.
public struct RGBAColor: Sendable, Hashable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a colour from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black, the default ink colour.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; `nil` for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = Array(hex.utf8.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        var i = 0
        while i < digits.count {
            guard let hi = Self.hexValue(digits[i]), let lo = Self.hexValue(digits[i + 1]) else { return nil }
            values.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    /// `#RRGGBBAA`, each component rounded to 8 bits.
    public var hexString: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [red, green, blue, alpha] {
            let byte = v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded())
            s.append(digits[byte >> 4]); s.append(digits[byte & 15])
        }
        return s
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// What a stroke was drawn with: a tool and a colour, as in PencilKit's `PKInk`, and
/// optionally how the tool shapes the line.
public struct Ink: Sendable, Hashable, Codable {
    /// The tool.
    public var type: InkType
    /// The colour; its alpha multiplies each point's opacity.
    public var color: RGBAColor
    /// Settings that replace the tool's own line shape (size, thinning, tapers, …), or `nil`
    /// for the tool's own.
    public var shape: StrokeShape?

    /// Creates an ink.
    public init(_ type: InkType, color: RGBAColor = .black, shape: StrokeShape? = nil) {
        self.type = type
        self.color = color
        self.shape = shape
    }

    /// This ink with `shape`'s fields replacing its own shape's (an empty result is `nil`).
    public func reshaped(by shape: StrokeShape?) -> Ink {
        guard let shape else { return self }
        var copy = self
        let merged = (self.shape ?? StrokeShape()).overridden(by: shape)
        copy.shape = merged.isEmpty ? nil : merged
        return copy
    }
}
