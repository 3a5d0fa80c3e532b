internal import CInklingHTTP
import Foundation

/// A libmicrohttpd server with a thread pool, handing each complete request to one handler.
///
/// The handler runs on a server thread; it may answer at once or keep the exchange and answer
/// later from any thread (the connection waits without holding a thread). ``stop()`` (or
/// `deinit`) answers whatever is still waiting with 503 and closes every connection.
final class HTTPServer: @unchecked Sendable {
    /// Listening settings.
    struct Settings: Sendable {
        var host: String
        var port: UInt16
        var threads: Int
        var connectionTimeout: Int
        var headTimeout: Int
        var requestDeadline: Int
        var connectionLimit: Int
        var connectionsPerAddress: Int
        var maxBodyBytes: Int
        var maxBufferedBytes: Int
        /// No listening socket: connections come only from ``connect(_:)``.
        var noListen = false
    }

    private final class HandlerBox {
        let handler: @Sendable (HTTPExchange) -> Void
        init(_ handler: @escaping @Sendable (HTTPExchange) -> Void) { self.handler = handler }
    }

    private let lock = NSLock()
    private var handle: OpaquePointer?
    private let box: Unmanaged<HandlerBox>
    /// The port the server listens on (the one picked when 0 was asked for).
    let port: UInt16

    /// Starts listening.
    init(_ settings: Settings, handler: @escaping @Sendable (HTTPExchange) -> Void) throws(HTTPServerError) {
        let box = Unmanaged.passRetained(HandlerBox(handler))
        var message = [CChar](repeating: 0, count: 256)
        var why: Int32 = 0
        let started: OpaquePointer? = settings.host.withCString { host in
            var config = inkling_http_config(
                host: host, port: settings.port, threads: UInt32(max(1, settings.threads)),
                connection_timeout: UInt32(max(1, settings.connectionTimeout)),
                head_timeout: UInt32(max(1, settings.headTimeout)), request_deadline: UInt32(max(1, settings.requestDeadline)),
                connection_limit: UInt32(max(1, settings.connectionLimit)),
                per_address_limit: UInt32(max(0, settings.connectionsPerAddress)), max_body_bytes: max(0, settings.maxBodyBytes),
                max_buffered_bytes: max(0, settings.maxBufferedBytes),
                no_listen: settings.noListen ? 1 : 0)
            return inkling_http_server_start(&config, { context, exchange in
                guard let context, let exchange else { return }
                let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                box.handler(HTTPExchange(taking: exchange))
            }, box.toOpaque(), &message, message.count, &why)
        }
        guard let started else {
            box.release()
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw why == Int32(INKLING_HTTP_ADDRESS_IN_USE) ? .addressInUse(text) : .cannotListen(text)
        }
        handle = started
        self.box = box
        port = inkling_http_server_port(started)
    }

    /// Hands the server one end of a connected socket (it takes `fd` over); `false` when refused.
    func connect(_ fd: Int32) -> Bool {
        lock.withLock { handle.map { inkling_http_server_connect($0, fd) != 0 } ?? false }
    }

    /// Closes the listening socket; requests that arrive from now on get 503 `stopping`.
    func drain() {
        lock.withLock { if let handle { inkling_http_server_drain(handle) } }
    }

    /// Requests still being received or answered.
    var pending: Int {
        lock.withLock { handle.map { Int(inkling_http_server_pending($0)) } ?? 0 }
    }

    /// Stops the server: waiting exchanges get 503, connections close, threads end.
    func stop() {
        let running: OpaquePointer? = lock.withLock {
            defer { handle = nil }
            return handle
        }
        guard let running else { return }
        inkling_http_server_stop(running)
        box.release()
    }

    deinit { stop() }
}
