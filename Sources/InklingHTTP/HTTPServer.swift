internal import CInklingHTTP
import Foundation

/// A libmicrohttpd server with a thread pool, handing each complete request to one handler.
///
/// The handler runs on a server thread; it may answer at once or keep the exchange and answer
/// later from any thread (the connection waits without holding a thread). ``stop()`` (or
/// `deinit`) answers whatever is still waiting with 503 and closes every connection.
package final class HTTPServer: @unchecked Sendable {
    /// Listening settings.
    package struct Settings: Sendable {
        package var host: String
        package var port: UInt16
        package var threads: Int
        package var connectionTimeout: Int
        package var headTimeout: Int
        package var requestDeadline: Int
        package var connectionLimit: Int
        package var connectionsPerAddress: Int
        package var maxBodyBytes: Int
        package var maxBufferedBytes: Int
        /// No listening socket: connections come only from ``connect(_:)``.
        package var noListen = false
        /// PEM private key and certificate: HTTPS (both, or neither).
        package var tls: (key: String, certificate: String)?
        /// Bounds of upgraded (WebSocket) connections.
        package var webSocket = WebSocketLimits()

        /// Settings; each as `inkling serve`'s configuration gives it.
        package init(host: String, port: UInt16, threads: Int, connectionTimeout: Int, headTimeout: Int, requestDeadline: Int,
                     connectionLimit: Int, connectionsPerAddress: Int, maxBodyBytes: Int, maxBufferedBytes: Int, noListen: Bool = false,
                     tls: (key: String, certificate: String)? = nil) {
            self.tls = tls
            self.host = host
            self.port = port
            self.threads = threads
            self.connectionTimeout = connectionTimeout
            self.headTimeout = headTimeout
            self.requestDeadline = requestDeadline
            self.connectionLimit = connectionLimit
            self.connectionsPerAddress = connectionsPerAddress
            self.maxBodyBytes = maxBodyBytes
            self.maxBufferedBytes = maxBufferedBytes
            self.noListen = noListen
        }
    }

    private final class HandlerBox {
        let handler: @Sendable (HTTPExchange) -> Void
        let webSockets: WebSocketRegistry
        init(_ handler: @escaping @Sendable (HTTPExchange) -> Void, webSockets: WebSocketRegistry) {
            self.handler = handler
            self.webSockets = webSockets
        }
    }

    private let lock = NSLock()
    private var handle: OpaquePointer?
    private let box: Unmanaged<HandlerBox>
    /// The port the server listens on (the one picked when 0 was asked for).
    package let port: UInt16
    /// Upgraded (WebSocket) connections.
    private let webSockets: WebSocketRegistry

    /// Starts listening.
    package init(_ settings: Settings, handler: @escaping @Sendable (HTTPExchange) -> Void) throws(HTTPServerError) {
        let webSockets = WebSocketRegistry(limits: settings.webSocket)
        let box = Unmanaged.passRetained(HandlerBox(handler, webSockets: webSockets))
        var message = [CChar](repeating: 0, count: 256)
        var why: Int32 = 0
        // The C side copies the key and certificate; these C strings live for the call only.
        let key = settings.tls.map { strdup($0.key) } ?? nil, certificate = settings.tls.map { strdup($0.certificate) } ?? nil
        defer { free(key); free(certificate) }
        let started: OpaquePointer? = settings.host.withCString { host in
            var config = inkling_http_config(
                host: host, port: settings.port, threads: UInt32(max(1, settings.threads)),
                connection_timeout: UInt32(max(1, settings.connectionTimeout)),
                head_timeout: UInt32(max(1, settings.headTimeout)), request_deadline: UInt32(max(1, settings.requestDeadline)),
                connection_limit: UInt32(max(1, settings.connectionLimit)),
                per_address_limit: UInt32(max(0, settings.connectionsPerAddress)), max_body_bytes: max(0, settings.maxBodyBytes),
                max_buffered_bytes: max(0, settings.maxBufferedBytes),
                no_listen: settings.noListen ? 1 : 0, tls_key: key, tls_cert: certificate)
            return inkling_http_server_start(&config, { context, exchange in
                guard let context, let exchange else { return }
                let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                box.handler(HTTPExchange(taking: exchange, webSockets: box.webSockets))
            }, box.toOpaque(), &message, message.count, &why)
        }
        guard let started else {
            box.release()
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw why == Int32(INKLING_HTTP_ADDRESS_IN_USE) ? .addressInUse(text) : .cannotListen(text)
        }
        handle = started
        self.box = box
        self.webSockets = webSockets
        port = inkling_http_server_port(started)
    }

    /// Hands the server one end of a connected socket (it takes `fd` over); `false` when refused.
    package func connect(_ fd: Int32) -> Bool {
        lock.withLock { handle.map { inkling_http_server_connect($0, fd) != 0 } ?? false }
    }

    /// Closes the listening socket; requests that arrive from now on get 503 `stopping`, and
    /// upgraded connections are closed with 1001 (their queued messages dropped).
    package func drain() {
        lock.withLock { if let handle { inkling_http_server_drain(handle) } }
        webSockets.drain()
    }

    /// Upgraded (WebSocket) connections open now.
    package var webSocketCount: Int { webSockets.count }

    /// Requests still being received or answered.
    package var pending: Int {
        lock.withLock { handle.map { Int(inkling_http_server_pending($0)) } ?? 0 }
    }

    /// Stops the server: waiting exchanges get 503, upgraded connections a close frame (1001) and
    /// up to a second to answer it, then connections close and threads end.
    package func stop() {
        let running: OpaquePointer? = lock.withLock {
            defer { handle = nil }
            return handle
        }
        guard let running else { return }
        // Upgraded connections get 1001 and up to a second to answer; the shim shuts the rest.
        webSockets.closeAll(within: 1)
        inkling_http_server_stop(running)
        box.release()
    }

    deinit { stop() }
}
