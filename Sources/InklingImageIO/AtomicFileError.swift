/// Why ``AtomicFile/write(_:to:)`` failed; the destination was left as it was.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination path that was being written.
    public var path: String
    /// What went wrong, in words (usually the system's error text, e.g. "No such file or directory").
    public var reason: String

    /// Describes a failed write to `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// One line: the path, then the reason.
    public var description: String {
        "cannot write \(path): \(String(reason.map { $0.isNewline ? " " : $0 }))"
    }
}
