import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the self-pipe the signal handler writes to (set once, before the handler).
nonisolated(unsafe) private var terminationPipeWriter: Int32 = -1

/// Catches SIGINT and SIGTERM from the moment it is created, so ``wait()`` returns on the first
/// one even if it arrived before anyone waited.
///
/// A plain handler writes a byte to a pipe (async-signal-safe) and a waiting thread reads it:
/// unlike a dispatch signal source on Linux, which sees a signal only when every thread has it
/// blocked, this works whichever thread the kernel picks.
final class TerminationSignals: @unchecked Sendable {
    private let reader: Int32

    /// Installs the handlers.
    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            terminationPipeWriter = fds[1]
        }
        reader = fds[0]
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(terminationPipeWriter, &byte, 1)
            }
        }
    }

    /// Returns once a signal has arrived.
    func wait() async {
        let reader = self.reader
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var byte: UInt8 = 0
                while reader >= 0 {
                    let n = read(reader, &byte, 1)
                    if n > 0 || (n < 0 && errno != EINTR) || n == 0 { break }
                }
                continuation.resume()
            }
        }
    }
}
