/// The exit statuses of `inkling`, one meaning each (documented in `docs/cli.md`).
public enum ExitCode: Int32, Sendable, CaseIterable {
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
}
