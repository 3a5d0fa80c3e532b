import InklingBase
import Foundation
import InklingEngineFakes
import InklingEngines
@_spi(EngineFakes) import InklingTransport
import XCTest

/// The pieces under the adapters: JSON values, WebSocket frames and handshake, multipart bodies.
final class HTTPPrimitivesTests: XCTestCase {
    func testJSONValueKeepsTypesAndWritesDeterministically() throws {
        let text = #"{"b": true, "seed": 18446744073709551615, "n": -3, "x": 0.25, "s": "a\"b\n", "list": [null, 1], "o": {}}"#
        let value = try JSONValue.parse(Array(text.utf8))
        XCTAssertEqual(value["b"], .bool(true))
        XCTAssertEqual(value["seed"], .uint(UInt64.max))
        XCTAssertEqual(value["n"]?.int, -3)
        XCTAssertEqual(value["x"]?.double, 0.25)
        XCTAssertEqual(value["s"]?.string, "a\"b\n")
        XCTAssertEqual(value.text, #"{"b":true,"list":[null,1],"n":-3,"o":{},"s":"a\"b\n","seed":18446744073709551615,"x":0.25}"#)
        XCTAssertEqual(try JSONValue.parse(value.serialized()), value)
        XCTAssertThrowsError(try JSONValue.parse(Array("{\"a\": ".utf8)))
    }

    func testWebSocketHandshakeAndFrames() throws {
        // RFC 6455 §1.3's example.
        XCTAssertEqual(WebSocketFrame.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        for size in [0, 125, 126, 65535, 65536, 200_000] {
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            for masked in [false, true] {
                var bytes = WebSocketFrame(opcode: .binary, payload: payload).encoded(masked: masked)
                XCTAssertEqual(bytes[1] & 0x80 != 0, masked)
                var partial = Array(bytes.prefix(bytes.count - 1))
                XCTAssertNil(try WebSocketFrame.parse(&partial), "an incomplete frame waits for more bytes")
                bytes += [0x81, 0x00]  // a second frame right behind
                let frame = try XCTUnwrap(try WebSocketFrame.parse(&bytes))
                XCTAssertEqual(frame.payload, payload, "size \(size), masked \(masked)")
                XCTAssertEqual(try WebSocketFrame.parse(&bytes)?.opcode, .text)
                XCTAssertTrue(bytes.isEmpty)
            }
        }
        var fragment = WebSocketFrame(fin: false, opcode: .text, payload: Array("ab".utf8)).encoded(masked: false)
        XCTAssertEqual(try WebSocketFrame.parse(&fragment)?.fin, false)
        var bad: [UInt8] = [0x83, 0x00]
        XCTAssertThrowsError(try WebSocketFrame.parse(&bad))
        var huge: [UInt8] = [0x82, 0x7F, 0, 0, 0, 1, 0, 0, 0, 0]
        XCTAssertThrowsError(try WebSocketFrame.parse(&huge)) { XCTAssertTrue("\($0)".contains("16 MiB")) }
    }

    func testWebSocketClientTalksToTheLoopbackServer() async throws {
        let server = try LoopbackServer { request in
            guard request.path == "/ws" else { return .text("no", status: 404) }
            return .webSocket { peer in
                peer.send(String(repeating: "x", count: 70_000))
                peer.send(#"{"type":"status"}"#)
                peer.drop()
            }
        }
        let client = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(server.port)/ws?clientId=a")!, timeout: 2)
        let long = try await client.receive(timeout: 2)
        XCTAssertEqual(long, .text(String(repeating: "x", count: 70_000)))
        let status = try await client.receive(timeout: 2)
        XCTAssertEqual(status, .text(#"{"type":"status"}"#))
        do {
            _ = try await client.receive(timeout: 2)
            XCTFail("expected the drop")
        } catch let error as WebSocketError {
            XCTAssertTrue(error.description.contains("dropped"), error.description)
        }
        do {
            _ = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(server.port)/other")!, timeout: 2)
            XCTFail("expected a failed upgrade")
        } catch let error as WebSocketError {
            XCTAssertTrue(error.description.contains("instead of 101"), error.description)
        }
    }

    func testWebSocketClientSendsMaskedMessagesAndClosesWithAHandshake() async throws {
        let keys = KeyBox()
        let peers = PeerBox()
        let server = try LoopbackServer { request in
            keys.set(request.headers["x-api-key"])
            return .webSocket { peer in
                // An echo: each message back as it came.
                peer.onMessage = { message, peer in
                    switch message {
                    case .text(let text): peer.send(text)
                    case .binary(let bytes): peer.send(binary: bytes)
                    }
                }
                peers.append(peer)
            }
        }
        let url = URL(string: "ws://127.0.0.1:\(server.port)/v1/live")!
        let client = try await WebSocketClient.connect(to: url, timeout: 2, headers: ["X-API-Key": "k1"], maxSendBytes: 70_000)
        XCTAssertEqual(keys.value, "k1")
        try await client.send(text: "héllo")
        let big = (0..<66_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try await client.send(binary: big)
        let echoedText = try await client.receive(timeout: 2)
        XCTAssertEqual(echoedText, .text("héllo"))
        let echoedBinary = try await client.receive(timeout: 2)
        XCTAssertEqual(echoedBinary, .binary(big))
        do {
            try await client.send(text: String(repeating: "x", count: 70_001))
            XCTFail("expected the size bound")
        } catch let error as WebSocketError {
            XCTAssertEqual(error, .messageTooLarge("a 70001-byte text message is over the 70000-byte limit"))
        }
        let peer = try XCTUnwrap(peers.first)
        // The peer's decoder refuses unmasked client frames: none came.
        XCTAssertNil(peer.violation)
        XCTAssertEqual(peer.received, [.text("héllo"), .binary(big)])
        await client.close(code: 1000, reason: "done", timeout: 2)
        XCTAssertEqual(peer.clientClose?.code, 1000)
        XCTAssertEqual(peer.clientClose?.reason, "done")
        do {
            try await client.send(text: "late")
            XCTFail("expected a refusal after close")
        } catch let error as WebSocketError {
            XCTAssertTrue(error.description.contains("closed"), error.description)
        }
        await client.close(timeout: 1)  // a second close does nothing
        // Every masked encoding takes a fresh key.
        let frame = WebSocketFrame(opcode: .text, payload: Array("same".utf8))
        XCTAssertEqual(Set((0..<8).map { _ in frame.encoded(masked: true) }).count, 8)
        do {
            _ = try await WebSocketClient.connect(to: url, timeout: 2, headers: ["X-API-Key": "k\r\nEvil: 1"])
            XCTFail("expected a refused header")
        } catch let error as WebSocketError {
            XCTAssertTrue(error.description.contains("single header line"), error.description)
        }
    }

    func testWebSocketClientAnswersAServerClose() async throws {
        let server = try LoopbackServer { _ in
            .webSocket { peer in
                peer.send("bye")
                peer.close(code: 1001, reason: "going away")
            }
        }
        let client = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(server.port)/")!, timeout: 2)
        let bye = try await client.receive(timeout: 2)
        XCTAssertEqual(bye, .text("bye"))
        do {
            _ = try await client.receive(timeout: 2)
            XCTFail("expected the close")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.description, "the WebSocket closed: the server sent close (code 1001: going away)")
        }
        await client.close(timeout: 1)
    }

    func testMultipartFormParsesBackStrictly() throws {
        var form = MultipartForm(boundary: "b0und")
        form.add("prompt", "a \"red\" barn")
        form.add("image", filename: "x.png", contentType: "image/png", data: [0, 13, 10, 45, 45, 255])
        let request = ServerRequest(method: "POST", path: "/", query: [:], headers: ["content-type": form.contentType], body: form.body)
        let parts = try XCTUnwrap(request.multipart)
        XCTAssertEqual(parts.map(\.name), ["prompt", "image"])
        XCTAssertEqual(parts[0].text, "a \"red\" barn")
        XCTAssertEqual(parts[1].filename, "x.png")
        XCTAssertEqual(parts[1].data, [0, 13, 10, 45, 45, 255])
        var truncated = request
        truncated.body.removeLast(10)
        XCTAssertNil(truncated.multipart)
    }
}

/// What a loopback handler saw, read by the test.
private final class KeyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var key: String?
    func set(_ value: String?) { lock.withLock { key = value } }
    var value: String? { lock.withLock { key } }
}

/// The peers a loopback server opened.
private final class PeerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var peers: [WebSocketPeer] = []
    func append(_ peer: WebSocketPeer) { lock.withLock { peers.append(peer) } }
    var first: WebSocketPeer? { lock.withLock { peers.first } }
}
