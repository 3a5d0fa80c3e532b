/// An 8-bit colour with straight (not premultiplied) alpha, e.g. a background to composite over.
public struct RGBA8: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// A colour from its four samples; alpha defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white.
    public static let white = RGBA8(red: 255, green: 255, blue: 255)
    /// Opaque black.
    public static let black = RGBA8(red: 0, green: 0, blue: 0)
    /// Fully transparent black.
    public static let clear = RGBA8(red: 0, green: 0, blue: 0, alpha: 0)

    /// Rec. 601 luma of the colour, rounded: `(299 R + 587 G + 114 B) / 1000`.
    public var luma: UInt8 { RGBA8.luma(red, green, blue) }

    /// `#rrggbbaa` in lowercase hex.
    public var description: String {
        let hex: [String] = [red, green, blue, alpha].map { value in
            let digits = String(value, radix: 16)
            return value < 16 ? "0" + digits : digits
        }
        return "#" + hex.joined()
    }

    /// Rec. 601 luma of three samples, rounded.
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let weighted: Int = 299 * Int(r) + 587 * Int(g) + 114 * Int(b)
        return UInt8((weighted + 500) / 1000)
    }
}
