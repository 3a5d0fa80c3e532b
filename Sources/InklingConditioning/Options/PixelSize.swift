/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`.
    public var description: String { "\(width)x\(height)" }
}
