import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the self-pipe the signal handler writes to (set once, before the handler).
nonisolated(unsafe) private var interruptionPipeWriter: Int32 = -1

/// What Ctrl-C (SIGINT) or SIGTERM does: while a command has registered a handler (render while
/// generating, serve while serving), the first signal runs it — render cancels its request and
/// tells external engines to stop, serve stops listening — and the command ends after cleaning
/// up; otherwise, or on a second signal, the process exits at once with status 130.
///
/// The signal handler only writes a byte to a pipe (async-signal-safe); a dedicated thread reads
/// it and acts. Unlike a dispatch signal source on Linux, which sees a signal only when every
/// thread has it blocked, this works whichever thread the kernel delivers the signal to.
package final class Interruption: @unchecked Sendable {
    /// The process-wide instance.
    package static let shared = Interruption()

    private let lock = NSLock()
    private var handler: (@Sendable () -> Void)?
    private var fired = false
    private var installed = false

    /// Routes SIGINT and SIGTERM through ``fire()`` (the `inkling` executable calls this once).
    package func install() {
        guard lock.withLock({ () -> Bool in defer { installed = true }; return !installed }) else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        interruptionPipeWriter = fds[1]
        let reader = fds[0]
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(interruptionPipeWriter, &byte, 1)
            }
        }
        Thread.detachNewThread { [self] in
            var byte: UInt8 = 0
            while true {
                let n = read(reader, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                if !fire() { exit(130) }
            }
        }
    }

    /// Runs `body` with `handler` as what an interruption does.
    func whileHandling<T>(_ handler: @escaping @Sendable () -> Void, _ body: () async throws -> T) async rethrows -> T {
        lock.withLock {
            self.handler = handler
            fired = false
        }
        defer { lock.withLock { self.handler = nil } }
        return try await body()
    }

    /// Runs the registered handler once; `false` when there is none, or it already ran.
    @discardableResult
    func fire() -> Bool {
        let run: (@Sendable () -> Void)? = lock.withLock {
            guard let handler, !fired else { return nil }
            fired = true
            return handler
        }
        run?()
        return run != nil
    }
}
