import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cancellation of one blocking read: shuts the connection's socket down from the cancelling
/// thread, which ends the read at once (the connection is then dropped).
///
/// The socket is reachable only while the read runs (between ``run(on:_:)``'s start and end),
/// so a cancellation never touches a connection that went back to its pool.
final class RedisInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var socket: Int32?
    private var fired = false

    /// Runs `body` on `connection` unless already cancelled; a cancellation while it runs
    /// breaks the connection and turns the failed read into a "cancelled" error (a reply that
    /// came in first is still returned).
    func run<T>(on connection: RedisConnection, _ body: () throws(RedisError) -> T) throws(RedisError) -> T {
        let alreadyCancelled = lock.withLock {
            if !cancelled { socket = connection.socket }
            return cancelled
        }
        if alreadyCancelled { throw .connectionLost("\(connection.label): cancelled before the command was sent") }
        let result = Result { () throws(RedisError) -> T in try body() }
        let interrupted = lock.withLock {
            socket = nil
            return fired
        }
        if interrupted { connection.markBroken() }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            if interrupted { throw .connectionLost("\(connection.label): cancelled while waiting for the reply") }
            throw error
        }
    }

    /// Cancels: the read in progress ends now, one not yet started never starts.
    func interrupt() {
        lock.withLock {
            cancelled = true
            if let socket {
                _ = shutdown(socket, Int32(SHUT_RDWR))
                fired = true
            }
        }
    }
}
