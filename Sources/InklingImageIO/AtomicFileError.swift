/// Why ``AtomicFile/write(_:to:overwrite:protecting:)`` failed; the destination was left as it was.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure, for callers that word their own advice.
    public enum Kind: Sendable, Hashable {
        /// A file is there and replacing it was not allowed.
        case destinationExists
        /// The destination is one of the files the caller is reading from.
        case destinationIsInput
        /// The destination is a directory, a link, a FIFO, a device or a socket: only regular
        /// files are ever replaced.
        case destinationNotRegular(FileKind)
        /// Anything else: a missing directory, permissions, a full disk.
        case failed
    }

    /// The destination path that was being written.
    public var path: String
    /// What went wrong, in words (usually the system's error text, e.g. "No such file or directory").
    public var reason: String
    /// What kind of failure.
    public var kind: Kind

    /// Describes a failed write to `path`.
    public init(path: String, reason: String, kind: Kind = .failed) {
        self.path = path
        self.reason = reason
        self.kind = kind
    }

    /// One line: the path, then the reason.
    public var description: String {
        "cannot write \(path): \(String(reason.map { $0.isNewline ? " " : $0 }))"
    }
}
