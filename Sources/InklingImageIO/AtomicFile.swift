import Foundation

/// Whole-file writes that readers never see half done.
public enum AtomicFile {
    /// Writes bytes to a temporary file in the destination's directory, fsyncs, then renames over
    /// the destination; on any failure the temp file is removed and the destination is untouched.
    ///
    /// The temporary file is a hidden sibling (`.<name>.<random>.tmp`), so the rename never
    /// crosses file systems. An existing destination's permission bits are kept; a new file gets
    /// `0666` minus the umask. After the rename the directory is fsynced too (best effort).
    ///
    /// - Throws: ``AtomicFileError`` naming the destination and the reason, e.g. a missing
    ///   directory, a parent that is not a directory, or a directory in the destination's place.
    public static func write(_ bytes: [UInt8], to url: URL) throws(AtomicFileError) {
        try write(bytes, to: url, failingBeforeRename: false)
    }

    /// ``write(_:to:)`` with a test hook: `failingBeforeRename` fails after the temporary file is
    /// complete and closed, just before the rename, to exercise the cleanup path.
    static func write(_ bytes: [UInt8], to url: URL, failingBeforeRename: Bool) throws(AtomicFileError) {
        guard url.isFileURL else { throw AtomicFileError(path: url.absoluteString, reason: "not a file URL") }
        let path = url.path
        let name = url.lastPathComponent
        guard !url.hasDirectoryPath, !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw AtomicFileError(path: path, reason: "the destination names a directory, not a file")
        }
        let directory = url.deletingLastPathComponent().path
        try checkDirectory(directory, destination: path)

        var existing = stat()
        var keptMode: mode_t?
        if stat(path, &existing) == 0 {
            guard (existing.st_mode & S_IFMT) != S_IFDIR else {
                throw AtomicFileError(path: path, reason: "a directory is in the destination's place")
            }
            if (existing.st_mode & S_IFMT) == S_IFREG { keptMode = existing.st_mode & 0o7777 }
        }

        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary = directory + "/." + name.prefix(40) + "." + suffix + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw AtomicFileError(path: path, reason: "cannot create a temporary file: " + SystemError.reason(errno: errno)) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }

        do {
            if let keptMode { _ = fchmod(fd, keptMode) }
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
            try handle.write(contentsOf: Data(bytes))
            try handle.synchronize()
        } catch {
            close(fd)
            throw AtomicFileError(path: path, reason: SystemError.reason(error))
        }
        guard close(fd) == 0 else { throw AtomicFileError(path: path, reason: SystemError.reason(errno: errno)) }
        if failingBeforeRename { throw AtomicFileError(path: path, reason: "injected failure before rename") }
        guard rename(temporary, path) == 0 else {
            throw AtomicFileError(path: path, reason: SystemError.reason(errno: errno))
        }
        renamed = true
        syncDirectory(directory)
    }

    /// Throws a clear error unless `directory` exists and is a directory.
    private static func checkDirectory(_ directory: String, destination: String) throws(AtomicFileError) {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            let code = errno
            let reason = code == ENOENT ? "directory \(directory) does not exist"
                : code == ENOTDIR ? "a parent of \(directory) is not a directory"
                : "cannot use directory \(directory): " + SystemError.reason(errno: code)
            throw AtomicFileError(path: destination, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw AtomicFileError(path: destination, reason: "\(directory) is not a directory")
        }
    }

    /// Makes the rename durable; failures are ignored, the data itself is already synced.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
