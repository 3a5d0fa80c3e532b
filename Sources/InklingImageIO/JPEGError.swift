/// Why a JPEG could not be read or written.
///
/// Every case's ``description`` is one line that says what went wrong and, where it helps,
/// what to do about it.
public enum JPEGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data is empty (0 bytes), e.g. a file that was created but never written.
    case empty
    /// The data does not start with the JPEG start-of-image marker (FF D8): it is another kind of file.
    case notJPEG
    /// The data ends before the image does: inside the header or the compressed image data.
    case truncated
    /// libjpeg rejected the data; the payload is libjpeg's message (e.g. "Bogus Huffman table definition").
    case corrupt(String)
    /// The declared size exceeds the caller's limit (`maxPixels`); nothing was allocated for it.
    case tooLarge(width: Int, height: Int)
    /// The JPEG is valid but cannot be converted to gray or RGB here (e.g. 12-bit samples,
    /// an unknown colour space); the payload says why.
    case unsupported(String)
    /// Memory for the decoder or the pixels could not be allocated.
    case outOfMemory
    /// libjpeg failed while compressing an image; the payload is its message.
    case encodingFailed(String)
    /// Reading the file at `path` failed; `reason` is the system's explanation.
    case io(path: String, reason: String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .empty:
            "JPEG data is empty (0 bytes); the file was probably never written"
        case .notJPEG:
            "data is not a JPEG (no FF D8 start-of-image marker); check that the file really is a JPEG image"
        case .truncated:
            "JPEG data ends early (truncated); the file was cut off while being written or copied"
        case .corrupt(let message):
            "JPEG data is corrupt: \(Self.oneLine(message))"
        case .tooLarge(let width, let height):
            "JPEG declares \(width)×\(height) pixels, more than the allowed limit; raise maxPixels only for trusted files"
        case .unsupported(let message):
            "JPEG not supported: \(Self.oneLine(message))"
        case .outOfMemory:
            "out of memory while decoding or encoding a JPEG"
        case .encodingFailed(let message):
            "cannot encode the JPEG: \(Self.oneLine(message))"
        case .io(let path, let reason):
            "\(path): \(Self.oneLine(reason))"
        }
    }

    /// `text` with line breaks replaced by spaces, so a description stays on one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
