import Foundation
import InklingImageIO

/// Removes the temporary directories of sessions whose process has died (killed with `-9`,
/// crashed, lost power), so that none outlives the process that made it for longer than the
/// next run.
///
/// A session directory is named `inkling-<pid>-<uuid>`. One is stale when no process has that
/// pid any more; it is removed only if it is a real directory (not a link) owned by this user.
/// A pid reused by a live process keeps its directory until that process ends too.
enum StaleSessionSweep {
    /// The prefix of every session directory's name.
    static let prefix = "inkling-"

    /// The directory name for a session of this process.
    static func directoryName(pid: Int32 = getpid()) -> String {
        "\(prefix)\(pid)-\(UUID().uuidString.lowercased())"
    }

    /// The pid in a session directory's name, or `nil` when the name is not one.
    static func pid(inName name: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil else { return nil }
        return Int32(rest[..<dash])
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var swept: Set<String> = []

    /// ``sweep(parent:)``, the first time this process asks for `parent` only.
    static func sweepOnce(parent: URL) {
        let first = lock.withLock { swept.insert(parent.standardizedFileURL.path).inserted }
        if first { sweep(parent: parent) }
    }

    /// Removes every stale session directory in `parent`; returns how many went.
    @discardableResult
    static func sweep(parent: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return 0 }
        var removed = 0
        for name in names {
            guard let pid = pid(inName: name), pid > 0, pid != getpid(), !isAlive(pid) else { continue }
            let path = parent.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .directory, info.st_uid == getuid() else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return removed
    }

    /// Whether a process with this pid exists (one of another user counts as alive).
    private static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
