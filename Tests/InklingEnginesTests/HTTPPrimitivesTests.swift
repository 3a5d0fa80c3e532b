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
