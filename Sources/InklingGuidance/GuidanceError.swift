import InklingBase

/// Why a guidance map could not be rendered.
public enum GuidanceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The requested output size is outside `1 ... 8192` on either side.
    case invalidSize(width: Int, height: Int)
    /// An option is out of its documented range (padding, minimum line width, softness,
    /// distance radius); `name` is the option's property name.
    case invalidOption(name: String, value: Double)
    /// A stroke's points, transform or mask contain non-finite numbers (NaN or infinity).
    case nonFiniteGeometry(strokeIndex: Int)
    /// A drawing-to-pixels transform handed to ``GuidanceRenderer/render(_:toPixels:)`` or a
    /// scale handed to `Drawing.image(from:scale:)` is not finite or not usable.
    case invalidPlacement(String)
    /// cairo reported a failure (out of memory, invalid state); the text is cairo's own message.
    case cairo(String)

    /// A one-line explanation a person can act on.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "invalid guidance map size \(width)×\(height): each side must be 1…8192 pixels"
        case .invalidOption(let name, let value):
            "guidance option \(name) = \(NumberText.compact(value)) is out of range"
        case .nonFiniteGeometry(let index):
            "stroke \(index) has a non-finite point, transform or mask coordinate"
        case .invalidPlacement(let what):
            "cannot place the drawing: \(what)"
        case .cairo(let message):
            "cairo failed: \(message)"
        }
    }
}
