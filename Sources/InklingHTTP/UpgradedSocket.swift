internal import CInklingHTTP

/// The C shim's handle on one upgraded connection, owned: released exactly once, in `deinit`.
///
/// Reads and writes may run at once from two threads; ``shutdown()`` from any thread wakes both.
/// Blocking: each call waits in `poll` up to its timeout, so call it off Swift's cooperative
/// pool (``WebSocketConnection`` gives it two threads of its own).
final class UpgradedSocket: @unchecked Sendable {
    /// What a read found.
    enum Read: Equatable {
        /// `count` bytes, at the start of the buffer.
        case bytes(Int)
        /// Nothing within the timeout.
        case nothing
        /// The peer closed, the socket was shut, or it failed.
        case ended
    }

    /// How a write ended.
    enum Write: Equatable {
        case written
        /// The peer took nothing for the whole timeout (part of the bytes may have gone).
        case stalled
        case failed
    }

    private let handle: OpaquePointer

    /// Takes over the shim's reference to `handle`.
    init(taking handle: OpaquePointer) { self.handle = handle }

    deinit { inkling_http_upgraded_release(handle) }

    /// Reads into `buffer`, waiting up to `milliseconds`.
    func read(into buffer: inout [UInt8], milliseconds: Int) -> Read {
        let n = buffer.withUnsafeMutableBufferPointer {
            inkling_http_upgraded_read(handle, $0.baseAddress, $0.count, Int32(clamping: milliseconds))
        }
        if n > 0 { return .bytes(n) }
        return n == Int(INKLING_HTTP_UPGRADED_WAIT) ? .nothing : .ended
    }

    /// Writes all of `bytes` within `milliseconds`.
    func write(_ bytes: [UInt8], milliseconds: Int) -> Write {
        let result = bytes.withUnsafeBufferPointer {
            inkling_http_upgraded_write(handle, $0.baseAddress, $0.count, Int32(clamping: milliseconds))
        }
        if result == 1 { return .written }
        return result == Int32(INKLING_HTTP_UPGRADED_WAIT) ? .stalled : .failed
    }

    /// Shuts the connection both ways.
    func shutdown() { inkling_http_upgraded_shutdown(handle) }
}
