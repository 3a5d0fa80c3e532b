/// Why a result could not be written, moved or assembled into an image set.
///
/// Each ``description`` is one line saying what went wrong and what to do.
public enum OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination of a move already exists and `replacing` was not asked for.
    case destinationExists(String)
    /// The destination is not a regular file (a directory, link, FIFO, device or socket), or it
    /// is one of the caller's inputs: nothing was written.
    case destinationRefused(path: String, reason: String)
    /// Writing a file failed; `reason` is the system's explanation.
    case writeFailed(path: String, reason: String)
    /// Moving a result failed; `reason` is the system's explanation.
    case moveFailed(path: String, reason: String)
    /// The temporary file is gone: it was moved already or its session was cleaned up.
    case temporaryFileGone(String)
    /// An emoji image set was given no images, or images that are not square.
    case invalidImageSet(String)
    /// A result could not be encoded as PNG; the reason is the encoder's.
    case encodingFailed(String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .destinationExists(let path):
            "\(path) already exists; choose another name or move with replacing: true"
        case .destinationRefused(let path, let reason):
            "cannot write \(path): \(reason)"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)"
        case .moveFailed(let path, let reason):
            "cannot move the result to \(path): \(reason)"
        case .temporaryFileGone(let path):
            "the temporary result \(path) no longer exists (moved already, or its session was cleaned up)"
        case .invalidImageSet(let why):
            "cannot make an emoji image set: \(why)"
        case .encodingFailed(let why):
            "cannot encode the result as PNG: \(why)"
        }
    }
}
