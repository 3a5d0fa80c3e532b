/// Why ``ImageFile`` could not read an image.
///
/// Every case names the file (or "image data" for bytes without a name) and its
/// ``description`` is one line a person can act on.
public enum ImageFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read (missing, a directory, no permission); `reason` is the system's explanation.
    case unreadable(path: String, reason: String)
    /// The file is empty (0 bytes).
    case empty(path: String)
    /// The file starts with neither the PNG nor the JPEG signature.
    case unsupportedFormat(path: String)
    /// The file looks like a PNG but the PNG decoder rejected it.
    case png(path: String, PNGError)
    /// The file looks like a JPEG but the JPEG decoder rejected it.
    case jpeg(path: String, JPEGError)

    /// The formats ``ImageFile`` reads, for messages.
    public static let supportedFormats = "PNG and JPEG"

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot be read: \(reason)"
        case .empty(let path):
            "\(path): the file is empty (0 bytes); supported formats are \(Self.supportedFormats)"
        case .unsupportedFormat(let path):
            "\(path): not a supported image format (supported formats are \(Self.supportedFormats))"
        case .png(let path, let error):
            "\(path): \(error)"
        case .jpeg(let path, let error):
            "\(path): \(error)"
        }
    }
}
