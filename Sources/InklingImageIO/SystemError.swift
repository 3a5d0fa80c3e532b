import Foundation

/// Turns system errors into the short reasons that ``AtomicFileError`` and ``PNGError`` carry.
enum SystemError {
    /// The text for an `errno` value, e.g. "No such file or directory".
    static func reason(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The reason behind an error thrown by `FileHandle`: POSIX text when there is an errno.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return reason(errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        return nsError.localizedDescription
    }
}
