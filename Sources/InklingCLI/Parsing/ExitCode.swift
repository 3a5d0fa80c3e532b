/// The exit statuses of `inkling`, one meaning each (documented in `docs/cli.md`).
package enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything asked for was done.
    case success = 0
    /// The input was read but rejected: an invalid drawing, a failed check.
    case inputRejected = 1
    /// The command line itself was wrong: unknown option, missing or malformed value.
    case usage = 2
    /// A file could not be read or written.
    case io = 3
    /// The work failed for another reason (for example a rendering error).
    case failure = 4
    /// Standard output was closed by its reader (`inkling … -o - | head -c 10`): the command
    /// stopped quietly, with the status a shell reports for a program ended by SIGPIPE.
    case brokenPipe = 141
}
