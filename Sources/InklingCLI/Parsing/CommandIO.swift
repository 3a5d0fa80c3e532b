import Foundation

/// Where a command reads input and writes output; the real terminal in `inkling`, buffers in tests.
public protocol CommandIO: Sendable {
    /// Writes to standard output.
    func write(_ bytes: [UInt8])
    /// Writes one line to standard error.
    func writeError(_ line: String)
    /// Reads standard input, at most `limit` bytes; returns `nil` when it holds more than that.
    func readInput(limit: Int) throws(CommandFailure) -> [UInt8]?
    /// Whether standard output is a terminal (binary output is refused there).
    var outputIsTerminal: Bool { get }
}

extension CommandIO {
    public var outputIsTerminal: Bool { false }

    /// Writes text followed by a newline to standard output.
    public func print(_ text: String) { write(Array((text + "\n").utf8)) }
}

/// The process's real standard streams.
public struct StandardIO: CommandIO {
    /// Creates the standard streams.
    public init() {}

    public func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    public var outputIsTerminal: Bool { isatty(1) != 0 }

    public func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public func readInput(limit: Int) throws(CommandFailure) -> [UInt8]? {
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
