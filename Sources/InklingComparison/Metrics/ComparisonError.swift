/// Why two images could not be compared.
public enum ComparisonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The images differ in size; every metric compares them pixel for pixel.
    case sizeMismatch(width: Int, height: Int, otherWidth: Int, otherHeight: Int)
    /// An image has no pixels (zero width or height).
    case emptyImage
    /// SSIM's 11 × 11 Gaussian window does not fit: both sides must be at least `window` pixels.
    case tooSmallForSSIM(width: Int, height: Int, window: Int)
    /// A tolerance is outside `0 ... 1` or not a number; `name` is the setting's name.
    case invalidTolerance(name: String, value: Double)

    /// A one-line message a person can act on.
    public var description: String {
        switch self {
        case let .sizeMismatch(w, h, ow, oh):
            "the images differ in size (\(w)x\(h) and \(ow)x\(oh)); compare renders made at the same size"
        case .emptyImage:
            "an image has no pixels (zero width or height)"
        case let .tooSmallForSSIM(w, h, window):
            "the images are \(w)x\(h); SSIM needs at least \(window)x\(window) pixels for its Gaussian window"
        case let .invalidTolerance(name, value):
            "\(name) must be a number within 0…1, got \(value)"
        }
    }
}
