import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What Ctrl-C (SIGINT) or SIGTERM does: while a command has registered a handler (render, while
/// generating), the first signal runs it — the request is cancelled, external engines are told to
/// stop, and the command ends with its one-line "cancelled" error after cleaning up; otherwise,
/// or on a second signal, the process exits at once with status 130.
public final class Interruption: @unchecked Sendable {
    /// The process-wide instance.
    public static let shared = Interruption()

    private let lock = NSLock()
    private var handler: (@Sendable () -> Void)?
    private var fired = false
    private var sources: [DispatchSourceSignal] = []

    /// Routes SIGINT and SIGTERM through ``fire()`` (the `inkling` executable calls this once).
    public func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                if !fire() { exit(130) }
            }
            source.resume()
            lock.withLock { sources.append(source) }
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
