import InklingHTTP
import InklingJobs

/// Answers one exchange, adding to every answer the headers its request calls for (CORS), so
/// no endpoint has to remember them.
struct Responder: Sendable {
    let exchange: HTTPExchange
    /// Headers added to every answer.
    let headers: [(String, String)]

    /// Whether the client has closed the connection (or half-closed its side).
    var isClosed: Bool { exchange.isClosed }

    /// Sends a whole response; `false` when it could not be delivered.
    @discardableResult
    func respond(_ response: HTTPResponse) -> Bool {
        guard !headers.isEmpty else { return exchange.respond(response) }
        var response = response
        response.headers += headers
        return exchange.respond(response)
    }

    /// Starts a streamed answer (chunked); pieces follow with ``write(_:)``, then ``finish()``.
    @discardableResult
    func beginStream(status: Int, headers: [(String, String)]) -> Bool {
        exchange.beginStream(status: status, headers: headers + self.headers)
    }

    /// Sends one piece of a streamed answer; `false` when the client has gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool { exchange.write(bytes) }

    /// Ends a streamed answer.
    @discardableResult
    func finish() -> Bool { exchange.finish() }
}
