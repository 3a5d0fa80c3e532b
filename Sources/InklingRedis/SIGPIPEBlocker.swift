#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a write to a socket the server has closed from killing the process.
///
/// hiredis writes with `write(2)`, which raises `SIGPIPE` on a connection the peer has reset, and
/// a process that has not ignored that signal (a test runner, a program embedding Inkling) dies
/// of it. Rather than change the process's signal handling, each call blocks `SIGPIPE` on the
/// calling thread, and afterwards consumes a `SIGPIPE` that the call itself left pending (as
/// libpq does); the write then fails with `EPIPE`, which hiredis reports as an I/O error.
enum SIGPIPEBlocker {
    /// Runs `body` with `SIGPIPE` blocked on this thread and no `SIGPIPE` of its making left behind
    /// (directly, in a process that ignores `SIGPIPE`, as `inkling` does).
    static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if isIgnored() { return try body() }
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        let wasBlocked = sigismember(&previous, SIGPIPE) == 1
        let wasPending = isPending()
        defer {
            if !wasPending && isPending() {
                var signal: Int32 = 0
                sigwait(&pipeOnly, &signal)
            }
            if !wasBlocked { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        }
        return try body()
    }

    /// Whether the process ignores `SIGPIPE` now (one system call, against four for blocking it).
    private static func isIgnored() -> Bool {
        var current = sigaction()
        guard sigaction(SIGPIPE, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #else
        return unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #endif
    }

    /// Whether a `SIGPIPE` is pending for this thread or the process.
    private static func isPending() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1
    }
}
