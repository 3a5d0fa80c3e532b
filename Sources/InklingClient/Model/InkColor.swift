/// An sRGB colour with straight alpha, 8 bits a component: what stroke JSON's `ink.color`
/// (`#RRGGBBAA`) can say, so a colour read from a document is written back unchanged.
public struct InkColor: Sendable, Hashable, Codable {
    /// Components, 0…255.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a colour from 8-bit components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Creates a colour from components in 0…1 (clamped, NaN as 0), each rounded to 8 bits.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func byte(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8((min(max(v, 0), 1) * 255).rounded()) }
        self.init(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }

    /// Opaque black, the schema's default.
    public static let black = InkColor(red: 0, green: 0, blue: 0 as UInt8)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (either case); `nil` for anything else.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var digits: [UInt8] = []
        for c in bytes.dropFirst() {
            guard let v = Self.hexValue(c) else { return nil }
            digits.append(v)
        }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        let c = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
    }

    /// `#rrggbbaa`, as the canonical writer writes it.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [red, green, blue, alpha] { s.append(digits[Int(v >> 4)]); s.append(digits[Int(v & 15)]) }
        return s
    }

    /// The components as 0…1 values (`byte / 255`, as the server reads them).
    public var components: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// Reads `"#…"`; any other string is a data-corrupted error naming the forms.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = InkColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "expected a color \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(text.prefix(40))\""))
        }
        self = color
    }

    /// Writes `"#rrggbbaa"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
