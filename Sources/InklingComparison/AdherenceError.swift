/// Why ``AdherenceMeter`` could not score an image against a guidance map.
public enum AdherenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The image and the guidance map differ in size; adherence compares them pixel for pixel.
    case sizeMismatch(imageWidth: Int, imageHeight: Int, guidanceWidth: Int, guidanceHeight: Int)
    /// The image (and so the map) has no pixels: a zero width or height.
    case emptyImage
    /// The guidance map has no sketch pixel (none ≥ 128), so there is nothing to adhere to.
    case emptyGuidance
    /// The tolerance is not a finite number ≥ 0.
    case invalidTolerance(Double)

    /// A one-line message a person can act on.
    public var description: String {
        switch self {
        case let .sizeMismatch(iw, ih, gw, gh):
            "the image is \(iw)x\(ih) but the guidance map is \(gw)x\(gh); render the map at the image's size"
        case .emptyImage:
            "the image has no pixels (zero width or height)"
        case .emptyGuidance:
            "the guidance map has no sketch pixels (none at or above 128); adherence needs a drawing"
        case let .invalidTolerance(value):
            "tolerance \(value) is not a finite number of pixels at or above 0"
        }
    }
}
