import Foundation

/// Reads a whole file into memory, with reasons a person can act on when it fails.
enum FileContents {
    /// The bytes of the regular file at `path`.
    ///
    /// - Throws: ``PNGError/io(path:reason:)``.
    static func read(path: String) throws(PNGError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, reason: SystemError.reason(errno: errno)) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, reason: SystemError.reason(errno: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .io(path: path, reason: "not a regular file")
        }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw .io(path: path, reason: SystemError.reason(error))
        }
    }
}
