internal import CInklingHTTP

/// One request and the means to answer it, now or later, from any thread.
///
/// Owns its reference to the C exchange and drops it in `deinit`. Answering twice, or after the
/// client has gone, is ignored (the methods return `false`).
package final class HTTPExchange: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The request, copied out of libmicrohttpd when the exchange was created.
    package let request: HTTPRequest
    /// The server's upgraded connections (`nil`: this exchange cannot upgrade).
    private let webSockets: WebSocketRegistry?

    /// Takes over the caller's reference to `handle` and copies the request out of it; must be
    /// called inside the handler call (headers and query are only readable then).
    package convenience init(taking handle: OpaquePointer) { self.init(taking: handle, webSockets: nil) }

    /// As ``init(taking:)``, for a server that can upgrade connections into `webSockets`.
    init(taking handle: OpaquePointer, webSockets: WebSocketRegistry?) {
        self.handle = handle
        self.webSockets = webSockets
        var length = 0
        let body: [UInt8]
        if let bytes = inkling_http_exchange_body(handle, &length), length > 0 {
            body = Array(UnsafeBufferPointer(start: bytes, count: length))
        } else {
            body = []
        }
        var headers: [String: String] = [:]
        for (name, value) in Self.pairs(handle, query: false) { headers[name.lowercased()] = value }
        var query: [String: String] = [:]
        for (name, value) in Self.pairs(handle, query: true) { query[name] = value }
        var request = HTTPRequest(
            method: String(cString: inkling_http_exchange_method(handle)),
            path: String(cString: inkling_http_exchange_path(handle)),
            version: String(cString: inkling_http_exchange_version(handle)),
            hasNUL: inkling_http_exchange_has_nul(handle) != 0,
            client: String(cString: inkling_http_exchange_client(handle)),
            headers: headers, query: query, body: body,
            bodyTooLarge: inkling_http_exchange_body_too_large(handle) != 0)
        request.serverBusy = inkling_http_exchange_over_budget(handle) != 0
        self.request = request
    }

    deinit { inkling_http_exchange_release(handle) }

    /// Whether the connection has closed.
    package var isClosed: Bool { inkling_http_exchange_closed(handle) != 0 }

    /// Sends a whole response.
    @discardableResult
    package func respond(_ response: HTTPResponse) -> Bool {
        response.body.withUnsafeBufferPointer { body in
            inkling_http_exchange_respond(handle, UInt32(response.status), response.headerBlock, body.baseAddress, body.count) != 0
        }
    }

    /// Starts a streamed response (chunked); pieces follow with ``write(_:)``, then ``finish()``.
    @discardableResult
    package func beginStream(status: Int, headers: [(String, String)]) -> Bool {
        inkling_http_exchange_begin_stream(handle, UInt32(status), HTTPResponse(status: status, headers: headers).headerBlock) != 0
    }

    /// Sends one piece of a streamed response.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { inkling_http_exchange_write(handle, $0.baseAddress, $0.count) != 0 }
    }

    /// Ends a streamed response.
    @discardableResult
    package func finish() -> Bool { inkling_http_exchange_finish(handle) != 0 }

    /// Answers `101 Switching Protocols` for `handshake` (with `headers` added) and, once it has
    /// been sent, hands the connection to `handler` in a new task. Nothing is answered unless
    /// the result is ``WebSocketUpgrade/upgrading``: answer ``WebSocketUpgrade/full`` with 503.
    package func upgrade(_ handshake: WebSocketHandshake, headers: [(String, String)] = [],
                         handler: @escaping @Sendable (WebSocketConnection) async -> Void) -> WebSocketUpgrade {
        guard let webSockets else { return .unavailable }
        guard webSockets.reserve() else { return .full }
        let box = Unmanaged.passRetained(UpgradeBox(registry: webSockets, request: request, handler: handler))
        let block = HTTPResponse(status: 101, headers: handshake.headers + headers).headerBlock
        let accepted = inkling_http_exchange_upgrade(handle, block, { context, upgraded in
            guard let context else { return }
            Unmanaged<UpgradeBox>.fromOpaque(context).takeRetainedValue().upgraded(upgraded)
        }, box.toOpaque())
        guard accepted != 0 else {
            box.release()
            webSockets.unreserve()
            return .gone
        }
        return .upgrading
    }

    /// What an upgrade needs once the 101 has gone (or the connection has).
    private final class UpgradeBox {
        let registry: WebSocketRegistry
        let request: HTTPRequest
        let handler: @Sendable (WebSocketConnection) async -> Void

        init(registry: WebSocketRegistry, request: HTTPRequest, handler: @escaping @Sendable (WebSocketConnection) async -> Void) {
            self.registry = registry
            self.request = request
            self.handler = handler
        }

        /// Called by the shim on a server thread, exactly once: with the connection's handle, or
        /// `nil` when it ended before the switch.
        func upgraded(_ upgraded: OpaquePointer?) {
            guard let upgraded else { return registry.unreserve() }
            let core = WebSocketCore(socket: UpgradedSocket(taking: upgraded), limits: registry.limits)
            core.ended = { [weak registry, id = ObjectIdentifier(core)] in registry?.remove(id) }
            if !registry.adopt(core) { core.close(code: 1001, reason: "the server is shutting down", discardQueued: true) }
            let connection = WebSocketConnection(request: request, core: core)
            core.start()
            let handler = self.handler
            Task { await handler(connection) }
        }
    }

    /// The headers (`query: false`) or query arguments of the request.
    private static func pairs(_ handle: OpaquePointer, query: Bool) -> [(String, String)] {
        var buffer = [CChar](repeating: 0, count: 4096)
        var needed = inkling_http_exchange_pairs(handle, query ? 1 : 0, &buffer, buffer.count)
        if needed > buffer.count {
            buffer = [CChar](repeating: 0, count: needed)
            needed = inkling_http_exchange_pairs(handle, query ? 1 : 0, &buffer, buffer.count)
        }
        let bytes = buffer.prefix(min(needed, buffer.count)).map { UInt8(bitPattern: $0) }
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var result: [(String, String)] = []
        var i = 0
        while i + 1 < parts.count {
            result.append((parts[i], parts[i + 1]))
            i += 2
        }
        return result
    }
}
