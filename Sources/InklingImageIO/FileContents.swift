import Foundation

/// Reads a whole regular file into memory, with a byte cap checked before reading and reasons a
/// person can act on.
public enum FileContents {
    /// The default cap for image files: 256 MiB.
    public static let defaultImageBytes = 256 << 20

    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    ///
    /// Never blocks on a FIFO or a device: the path is opened non-blocking, and anything but a
    /// regular file is refused before a byte is read. The size is checked against `maxBytes`
    /// before reading, and again while reading (a file that grows meanwhile).
    ///
    /// - Throws: ``FileReadError``.
    public static func read(path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing(path: path) }
            throw .unreadable(path: path, reason: SystemError.reason(errno: code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: SystemError.reason(errno: errno)) }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else { throw .notRegular(path: path, kind: kind) }
        let limit = max(0, maxBytes)
        let size = Int(truncatingIfNeeded: info.st_size)
        guard size <= limit else { throw .tooLarge(path: path, bytes: size, limit: limit) }

        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw .tooLarge(path: path, bytes: count, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 1 << 16), limit + 1 - count)))
            }
            let n = bytes.withUnsafeMutableBytes { readBytes(fd, into: $0, from: count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: SystemError.reason(errno: errno))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw .tooLarge(path: path, bytes: count, limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }
}

/// `read(2)` into `buffer` from `offset` (outside ``FileContents``, whose `read` would shadow it).
private func readBytes(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, from offset: Int) -> Int {
    read(fd, buffer.baseAddress! + offset, buffer.count - offset)
}
