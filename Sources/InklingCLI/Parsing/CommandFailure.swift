/// Why a command stopped: a one-line message for stderr and the exit status to leave with.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The exit status.
    public var exitCode: ExitCode
    /// One line, no trailing newline, saying what went wrong and what to do.
    public var message: String

    /// Creates a failure.
    public init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = String(message.map { $0.isNewline ? " " : $0 })
    }

    /// A usage error (exit status 2).
    public static func usage(_ message: String) -> CommandFailure { CommandFailure(.usage, message) }

    public var description: String { message }
}
