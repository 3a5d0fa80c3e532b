import InklingBase
import Foundation
import InklingEngines

/// What a fake server does with a request.
public enum ServerReply: Sendable {
    /// Answers with a status, a content type and a body.
    case respond(status: Int, contentType: String, body: [UInt8])
    /// Upgrades to a WebSocket and hands the connection over.
    case webSocket(@Sendable (WebSocketPeer) -> Void)
    /// Closes the connection without answering.
    case hangUp
    /// Writes these bytes as they are, then closes the connection (an answer cut short: a
    /// server that dies in the middle of its headers or body).
    case raw([UInt8])
    /// Waits, then replies (a slow server).
    indirect case delayed(seconds: Double, ServerReply)

    /// A JSON answer.
    public static func json(_ value: JSONValue, status: Int = 200) -> ServerReply {
        .respond(status: status, contentType: "application/json", body: value.serialized())
    }

    /// A plain-text answer.
    public static func text(_ text: String, status: Int) -> ServerReply {
        .respond(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// A PNG answer.
    public static func png(_ bytes: [UInt8]) -> ServerReply { .respond(status: 200, contentType: "image/png", body: bytes) }
}
