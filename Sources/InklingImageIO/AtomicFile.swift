import Foundation

/// Whole-file writes that readers never see half done, and that never destroy what they must not.
///
/// Only regular files are ever replaced. A directory, FIFO, device or socket in the
/// destination's place is refused, and so is a symbolic link: renaming over a link would
/// replace the link itself, and following it would write wherever it points, so neither is done
/// (give the link's target as the destination instead). A caller names the files it reads
/// (``FileIdentity``) so that an output can never replace one of its own inputs, whatever path
/// or hard link leads to it.
public enum AtomicFile {
    /// Writes bytes to a temporary file in the destination's directory, fsyncs, then moves it
    /// into place; on any failure the temp file is removed and the destination is untouched.
    ///
    /// The temporary file is a hidden sibling (`.<name>.inkling-<pid>-<random>.tmp`), so the move never
    /// crosses file systems. With `overwrite`, it is a rename over an existing regular file,
    /// whose permission bits are kept; without, it is a hard link that fails if anything
    /// appeared there meanwhile, so an existing file is never replaced. A new file gets `0666`
    /// minus the umask. Afterwards the directory is fsynced too (best effort).
    ///
    /// - Parameters:
    ///   - overwrite: whether an existing regular file may be replaced.
    ///   - inputs: files the caller reads; the destination must be none of them.
    /// - Throws: ``AtomicFileError`` naming the destination and the reason, e.g. a missing
    ///   directory, an existing file, an input, or something other than a regular file in the
    ///   destination's place (see ``AtomicFileError/Kind``).
    public static func write(_ bytes: [UInt8], to url: URL, overwrite: Bool = true,
                             protecting inputs: Set<FileIdentity> = []) throws(AtomicFileError) {
        try write(bytes, to: url, overwrite: overwrite, protecting: inputs, failingBeforeRename: false)
    }

    /// A hidden temporary name beside `name` that says which process made it
    /// (`.<name>.inkling-<pid>-<random>.tmp`), so ``sweepAbandoned(in:)`` can tell a live
    /// writer's from one a killed process left.
    public static func temporaryName(for name: String) -> String {
        "." + name.prefix(40) + ".inkling-\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".tmp"
    }

    /// Removes what writers killed in the middle (`kill -9`, a power cut) left in `directory`:
    /// the temporary files and folders of ``temporaryName(for:)`` whose process no longer runs.
    /// Another live process's are left alone. Returns how many were removed.
    @discardableResult
    public static func sweepAbandoned(in directory: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let marker = name.range(of: ".inkling-", options: .backwards) else { continue }
            let tail = name[marker.upperBound...].dropLast(4)  // "<pid>-<random>"
            guard let dash = tail.firstIndex(of: "-"), let pid = Int32(tail[..<dash]), pid > 0 else { continue }
            // Signal 0 asks whether the process exists: ESRCH means it is gone.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// Throws the error ``write(_:to:overwrite:protecting:)`` would throw before writing
    /// anything, so that a command can refuse a destination before it does any work.
    public static func checkDestination(_ url: URL, overwrite: Bool,
                                        protecting inputs: Set<FileIdentity> = []) throws(AtomicFileError) {
        _ = try inspectDestination(url, overwrite: overwrite, protecting: inputs)
    }

    /// ``write(_:to:overwrite:protecting:)`` with a test hook: `failingBeforeRename` fails after
    /// the temporary file is complete and closed, just before the move, to exercise the cleanup.
    static func write(_ bytes: [UInt8], to url: URL, overwrite: Bool = true, protecting inputs: Set<FileIdentity> = [],
                      failingBeforeRename: Bool) throws(AtomicFileError) {
        let (path, directory, keptMode) = try inspectDestination(url, overwrite: overwrite, protecting: inputs)
        let name = url.lastPathComponent

        let temporary = directory + "/" + temporaryName(for: name)
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
        if overwrite {
            guard rename(temporary, path) == 0 else {
                throw AtomicFileError(path: path, reason: SystemError.reason(errno: errno))
            }
            renamed = true
        } else {
            // link(2) refuses an existing name atomically; the temporary name then goes.
            guard link(temporary, path) == 0 else {
                let code = errno
                if code == EEXIST { throw AtomicFileError(path: path, reason: "it already exists", kind: .destinationExists) }
                throw AtomicFileError(path: path, reason: SystemError.reason(errno: code))
            }
        }
        syncDirectory(directory)
    }

    /// Checks the destination and returns its path, its directory and the permission bits to
    /// keep (those of a regular file being replaced).
    private static func inspectDestination(
        _ url: URL, overwrite: Bool, protecting inputs: Set<FileIdentity>
    ) throws(AtomicFileError) -> (path: String, directory: String, keptMode: mode_t?) {
        guard url.isFileURL else { throw AtomicFileError(path: url.absoluteString, reason: "not a file URL") }
        let path = url.path
        let name = url.lastPathComponent
        guard !url.hasDirectoryPath, !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw AtomicFileError(path: path, reason: "the destination names a directory, not a file",
                                  kind: .destinationNotRegular(.directory))
        }
        let directory = url.deletingLastPathComponent().path
        try checkDirectory(directory, destination: path)

        var existing = stat()
        guard lstat(path, &existing) == 0 else { return (path, directory, nil) }
        let kind = FileKind(mode: existing.st_mode)
        switch kind {
        case .regular:
            break
        case .directory:
            throw AtomicFileError(path: path, reason: "a directory is in the destination's place", kind: .destinationNotRegular(kind))
        case .symbolicLink:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \($0)" } ?? ""
            throw AtomicFileError(
                path: path, reason: "it is a symbolic link\(target); only regular files are replaced, so name the file itself",
                kind: .destinationNotRegular(kind))
        default:
            throw AtomicFileError(path: path, reason: "it is \(kind.phrase); only regular files are replaced",
                                  kind: .destinationNotRegular(kind))
        }
        if let identity = FileIdentity(path: path), inputs.contains(identity) {
            throw AtomicFileError(path: path, reason: "it is also an input of this command; write the output elsewhere",
                                  kind: .destinationIsInput)
        }
        guard overwrite else { throw AtomicFileError(path: path, reason: "it already exists", kind: .destinationExists) }
        return (path, directory, existing.st_mode & 0o7777)
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
