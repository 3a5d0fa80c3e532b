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
        var connectionLimit: Int
        var connectionsPerAddress: Int
        var maxBodyBytes: Int
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
        let started: OpaquePointer? = settings.host.withCString { host in
            var config = inkling_http_config(
                host: host, port: settings.port, threads: UInt32(max(1, settings.threads)),
                connection_timeout: UInt32(max(1, settings.connectionTimeout)),
                connection_limit: UInt32(max(1, settings.connectionLimit)),
                per_address_limit: UInt32(max(0, settings.connectionsPerAddress)), max_body_bytes: max(0, settings.maxBodyBytes))
            return inkling_http_server_start(&config, { context, exchange in
                guard let context, let exchange else { return }
                let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                box.handler(HTTPExchange(taking: exchange))
            }, box.toOpaque(), &message, message.count)
        }
        guard let started else {
            box.release()
            throw .cannotListen(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = started
        self.box = box
        port = inkling_http_server_port(started)
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
