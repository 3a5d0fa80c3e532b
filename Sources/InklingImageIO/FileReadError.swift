/// Why ``FileContents/read(path:maxBytes:)`` read nothing.
public enum FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missing(path: String)
    /// The path names a directory, a FIFO, a device or a socket: only regular files are read
    /// (a stream is piped to standard input instead, where a command takes `-`).
    case notRegular(path: String, kind: FileKind)
    /// The file holds more than the limit; nothing was read past it.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The system refused (permissions, I/O error); `reason` is its text.
    case unreadable(path: String, reason: String)

    /// The path in question.
    public var path: String {
        switch self {
        case .missing(let path), .notRegular(let path, _), .tooLarge(let path, _, _), .unreadable(let path, _): path
        }
    }

    /// What went wrong, without the path: "is a FIFO (named pipe), not a regular file".
    public var reason: String {
        switch self {
        case .missing: "no such file"
        case .notRegular(_, let kind): "is \(kind.phrase), not a regular file"
        case .tooLarge(_, let bytes, let limit): "is \(bytes) bytes, over the \(limit)-byte limit"
        case .unreadable(_, let reason): "cannot read: \(reason)"
        }
    }

    /// One line: `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
