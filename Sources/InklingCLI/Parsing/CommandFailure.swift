/// Why a command stopped: a one-line message for stderr and the exit status to leave with.
package struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The exit status.
    package var exitCode: ExitCode
    /// One line, no trailing newline, saying what went wrong and what to do.
    package var message: String

    /// Creates a failure.
    package init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = String(message.map { $0.isNewline ? " " : $0 })
    }

    /// A usage error (exit status 2).
    package static func usage(_ message: String) -> CommandFailure { CommandFailure(.usage, message) }

    package var description: String { message }
}
