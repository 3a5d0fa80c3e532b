import Foundation
import InklingTransport

/// A client's opening handshake (RFC 6455 §4.2.1), checked before anything else is done for
/// it, and the `Sec-WebSocket-Accept` that answers it.
package struct WebSocketHandshake: Sendable, Hashable {
    /// Why a request is no WebSocket handshake: the status (400, or 426 for a version other than
    /// 13), an error code and a one-line message.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        package var status: Int
        package var code: String
        package var message: String
        /// Headers the answer carries (`Sec-WebSocket-Version: 13` with 426, `Upgrade` with 426).
        package var headers: [(String, String)] {
            status == 426 ? [("Sec-WebSocket-Version", "13"), ("Upgrade", "websocket")] : []
        }
        package var description: String { message }
    }

    /// The `Sec-WebSocket-Accept` value of the 101.
    package let accept: String

    /// Checks `request`: HTTP/1.1 `GET`, `Upgrade: websocket`, `Connection` with the `upgrade`
    /// token, `Sec-WebSocket-Version: 13`, and a `Sec-WebSocket-Key` of 16 bytes in base64.
    package init(_ request: HTTPRequest) throws(Refusal) {
        func refuse(_ message: String) -> Refusal {
            Refusal(status: 400, code: "invalid_websocket_handshake", message: message + "; open it with a WebSocket client (new WebSocket(url) in a browser)")
        }
        guard request.method == "GET" else { throw refuse("a WebSocket opens with GET, not \(request.method.prefix(20))") }
        guard request.version == "HTTP/1.1" else { throw refuse("a WebSocket opens over HTTP/1.1, not \(request.version.prefix(20))") }
        guard Self.tokens(request.header("upgrade")).contains("websocket") else {
            throw refuse("this path is a WebSocket: the request needs Upgrade: websocket")
        }
        guard Self.tokens(request.header("connection")).contains("upgrade") else {
            throw refuse("this path is a WebSocket: the request needs Connection: Upgrade")
        }
        let version = request.header("sec-websocket-version")?.trimmingCharacters(in: .whitespaces)
        guard version == "13" else {
            throw Refusal(status: 426, code: "unsupported_websocket_version",
                          message: "this server speaks WebSocket version 13 (RFC 6455), not \(version.map { "'\($0.prefix(20))'" } ?? "an unnamed one")")
        }
        guard let key = request.header("sec-websocket-key")?.trimmingCharacters(in: .whitespaces), key.utf8.count == 24,
              let decoded = Data(base64Encoded: key), decoded.count == 16 else {
            throw refuse("the request needs a Sec-WebSocket-Key of 16 random bytes in base64")
        }
        accept = WebSocketFrame.acceptValue(forKey: key)
    }

    /// The headers of the 101 that accepts it.
    package var headers: [(String, String)] {
        [("Upgrade", "websocket"), ("Sec-WebSocket-Accept", accept)]
    }

    /// The comma-separated tokens of a header, trimmed and lower-cased.
    private static func tokens(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}
