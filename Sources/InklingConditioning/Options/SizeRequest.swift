/// The output size a caller asks for; the engine picks from what it supports.
public enum SizeRequest: Sendable, Hashable {
    /// The engine's default size.
    case engineDefault
    /// The supported size closest to this one: aspect ratio first, then resolution.
    case closest(to: PixelSize)
}
