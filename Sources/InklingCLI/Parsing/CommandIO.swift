import Foundation

/// Where a command reads input and writes output; the real terminal in `inkling`, buffers in tests.
package protocol CommandIO: Sendable {
    /// Writes to standard output.
    ///
    /// - Throws: ``CommandFailure`` with ``ExitCode/brokenPipe`` when the reader has gone (the
    ///   command then stops quietly), or ``ExitCode/io`` for any other write error (a full disk).
    func write(_ bytes: [UInt8]) throws(CommandFailure)
    /// Writes one line to standard error. A failure cannot be reported anywhere; it is
    /// remembered in ``errorStreamFailed`` instead, and the command's exit status reflects it.
    func writeError(_ line: String)
    /// Reads standard input, at most `limit` bytes; returns `nil` when it holds more than that.
    func readInput(limit: Int) throws(CommandFailure) -> [UInt8]?
    /// Whether standard output is a terminal (binary output is refused there).
    var outputIsTerminal: Bool { get }
    /// Whether a write to standard error has failed.
    var errorStreamFailed: Bool { get }
}

extension CommandIO {
    package var outputIsTerminal: Bool { false }
    package var errorStreamFailed: Bool { false }

    /// Writes text followed by a newline to standard output.
    package func print(_ text: String) throws(CommandFailure) { try write(Array((text + "\n").utf8)) }
}

/// The process's real standard streams, written with `write(2)`: a failed write is an error,
/// never a trap (Foundation's `FileHandle.write(_: Data)` traps on one).
package struct StandardIO: CommandIO {
    /// Remembers a failed write to standard error across copies of the value.
    private final class ErrorStreamState: @unchecked Sendable {
        private let lock = NSLock()
        private var failed = false
        var value: Bool { lock.withLock { failed } }
        func markFailed() { lock.withLock { failed = true } }
    }

    private let errorState = ErrorStreamState()

    /// Creates the standard streams.
    package init() {}

    package func write(_ bytes: [UInt8]) throws(CommandFailure) {
        let code = writeAll(bytes, to: 1)
        guard code != 0 else { return }
        if code == EPIPE { throw CommandFailure(.brokenPipe, "standard output was closed by its reader") }
        throw CommandFailure(.io, "cannot write to standard output: \(String(cString: strerror(code)))")
    }

    package var outputIsTerminal: Bool { isatty(1) != 0 }

    package var errorStreamFailed: Bool { errorState.value }

    package func writeError(_ line: String) {
        if writeAll(Array((line + "\n").utf8), to: 2) != 0 { errorState.markFailed() }
    }

    package func readInput(limit: Int) throws(CommandFailure) -> [UInt8]? {
        var result: [UInt8] = []
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, chunk) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(.io, "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return result }
            result.append(contentsOf: buffer[0..<n])
            if result.count > limit { return nil }
        }
    }
}

/// Writes every byte to `fd`, retrying interrupted and partial writes; 0 or the errno.
private func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
    bytes.withUnsafeBytes { raw -> Int32 in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }
}
