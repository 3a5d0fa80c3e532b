/// Why a PNG could not be read, written or validated.
///
/// Every case's ``description`` is one line that says what went wrong and, where it helps,
/// what to do about it.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data is empty (0 bytes), e.g. a file that was created but never written.
    case empty
    /// The data does not start with the 8-byte PNG signature: it is some other kind of file.
    case notPNG
    /// The data ends before the PNG does: inside the signature, inside a chunk, or before IEND.
    case truncated
    /// libpng rejected the data; the payload is libpng's message (e.g. "IDAT: CRC error").
    case corrupt(String)
    /// The declared size exceeds the caller's limit (`maxPixels`); nothing was allocated for it.
    case tooLarge(width: Int, height: Int)
    /// The image is valid but cannot be stored or converted (e.g. zero width); the payload says why.
    case unsupported(String)
    /// A text chunk keyword is not 1–79 printable Latin-1 characters without leading, trailing or
    /// doubled spaces; the payload is the keyword.
    case invalidKeyword(String)
    /// A text chunk's text cannot be stored (it contains a NUL character); the payload is its keyword.
    case invalidText(keyword: String)
    /// Memory for the pixels, text or output could not be allocated.
    case outOfMemory
    /// Reading or writing the file at `path` failed; `reason` is the system's explanation.
    case io(path: String, reason: String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .empty:
            "PNG data is empty (0 bytes); the file was probably never written"
        case .notPNG:
            "data is not a PNG (no PNG signature); check that the file really is a PNG image"
        case .truncated:
            "PNG data ends early (truncated); the file was cut off while being written or copied"
        case .corrupt(let message):
            "PNG data is corrupt: \(Self.oneLine(message))"
        case .tooLarge(let width, let height):
            "PNG declares \(width)×\(height) pixels, more than the allowed limit; raise maxPixels only for trusted files"
        case .unsupported(let message):
            "PNG not supported: \(Self.oneLine(message))"
        case .invalidKeyword(let keyword):
            "invalid PNG text keyword \(Self.oneLine(keyword).debugDescription): use 1–79 printable Latin-1 characters, no leading, trailing or double spaces"
        case .invalidText(let keyword):
            "PNG text for keyword \(Self.oneLine(keyword).debugDescription) contains a NUL character, which PNG text chunks cannot hold"
        case .outOfMemory:
            "out of memory while encoding or decoding a PNG"
        case .io(let path, let reason):
            "\(path): \(Self.oneLine(reason))"
        }
    }

    /// `text` with line breaks replaced by spaces, so a description stays on one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
