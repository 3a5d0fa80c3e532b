import Foundation

/// What kind of file-system object a path names, for refusing the wrong kind in words.
public enum FileKind: Sendable, Hashable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown

    /// The kind for a `stat` mode.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown
        }
    }

    /// The kind of the object at `path` itself (a link is not followed), or `nil` when nothing
    /// is there.
    public static func of(path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// With an article, for messages: "a FIFO (named pipe)".
    public var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "not a regular file"
        }
    }
}

/// The device and inode of a file: two paths name the same file when these are equal (hard
/// links and symbolic links included).
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64

    /// The identity of the file `path` leads to (links followed), or `nil` when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}
