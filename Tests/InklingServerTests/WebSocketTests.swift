import Foundation
import InklingHTTP
import InklingServer
import InklingTransport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Upgraded connections through the whole server: the handshake and what is checked before the
/// 101, then frames on a raw socket against a route the test adds (no public path upgrades yet).
final class WebSocketTests: XCTestCase {
    /// What a test's WebSocket handler saw, read by the test.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [WebSocketMessage] = []
        private var endings: [String] = []
        private var statuses: [WebSocketCloseStatus] = []

        func add(_ message: WebSocketMessage) { lock.withLock { messages.append(message) } }
        func end(_ ending: String, _ status: WebSocketCloseStatus?) {
            lock.withLock {
                endings.append(ending)
                if let status { statuses.append(status) }
            }
        }
        var ended: [String] { lock.withLock { endings } }
        var closeStatuses: [WebSocketCloseStatus] { lock.withLock { statuses } }
        var received: [WebSocketMessage] { lock.withLock { messages } }

        /// Waits (up to 30 s, never a pass or fail by itself) until `condition` holds.
        func wait(until condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(30)
            while !condition(), Date() < deadline { usleep(5000) }
        }
    }

    /// A server with `/test/echo` (every message sent back) and `/test/hold` (messages recorded,
    /// nothing read back until told).
    private func start(_ change: (inout ServerConfiguration) -> Void = { _ in }, seen: Seen = Seen(),
                       handler: (@Sendable (WebSocketConnection) async -> Void)? = nil) throws -> InklingServer {
        let server = try ServerFixture.start(change)
        server.addWebSocketRoute("/test/echo") { connection in
            if let handler { return await handler(connection) }
            do {
                for try await message in connection.messages {
                    seen.add(message)
                    switch message {
                    case .text(let text): try await connection.send(text: text)
                    case .binary(let bytes): try await connection.send(binary: bytes)
                    }
                }
                seen.end("finished", connection.closeStatus)
            } catch {
                seen.end("\(error)", connection.closeStatus)
            }
        }
        return server
    }

    // MARK: The handshake

    func testAValidHandshakeIsAnswered101WithTheAcceptValue() throws {
        let server = try start()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        XCTAssertEqual(socket.status, 101)
        XCTAssertEqual(socket.headers["sec-websocket-accept"], "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", "RFC 6455's own example")
        XCTAssertEqual(socket.headers["upgrade"]?.lowercased(), "websocket")
        XCTAssertEqual(socket.headers["connection"]?.lowercased(), "upgrade")
        XCTAssertNil(socket.headers["sec-websocket-protocol"], "no subprotocol is agreed")
    }

    func testBrokenHandshakesAreRefusedBeforeAnyUpgrade() throws {
        let server = try start()
        defer { server.stop() }
        let cases: [(String, [String: String?], String, String, Int, String?)] = [
            ("no key", ["Sec-WebSocket-Key": nil], "GET", "HTTP/1.1", 400, "invalid_websocket_handshake"),
            ("a short key", ["Sec-WebSocket-Key": "c2hvcnQ="], "GET", "HTTP/1.1", 400, "invalid_websocket_handshake"),
            ("a key that is not base64", ["Sec-WebSocket-Key": "!!!!!!!!!!!!!!!!!!!!!!=="], "GET", "HTTP/1.1", 400, "invalid_websocket_handshake"),
            ("no Upgrade", ["Upgrade": nil], "GET", "HTTP/1.1", 400, "invalid_websocket_handshake"),
            ("Upgrade: h2c", ["Upgrade": "h2c"], "GET", "HTTP/1.1", 400, "invalid_websocket_handshake"),
            ("no Connection: Upgrade", ["Connection": "keep-alive"], "GET", "HTTP/1.1", 400, "invalid_websocket_handshake"),
            ("version 8", ["Sec-WebSocket-Version": "8"], "GET", "HTTP/1.1", 426, "unsupported_websocket_version"),
            ("no version", ["Sec-WebSocket-Version": nil], "GET", "HTTP/1.1", 426, "unsupported_websocket_version"),
            ("POST", [:], "POST", "HTTP/1.1", 405, "method_not_allowed"),
            ("HTTP/1.0", [:], "GET", "HTTP/1.0", 400, "invalid_websocket_handshake"),
        ]
        for (name, headers, method, version, status, code) in cases {
            var headers = headers
            if method == "POST" { headers["Content-Length"] = "0" }
            let socket = try RawWebSocket(port: server.port, path: "/test/echo", headers: headers, method: method, version: version)
            XCTAssertEqual(socket.status, status, "\(name): \(socket.body)")
            XCTAssertEqual(socket.errorCode, code, name)
            if status == 426 { XCTAssertEqual(socket.headers["sec-websocket-version"], "13", name) }
            XCTAssertNil(socket.headers["sec-websocket-accept"], name)
        }
        XCTAssertEqual(server.liveConnections, 0)
    }

    func testAPageFromAnotherOriginIsRefusedUnlessAllowed() throws {
        let server = try start { $0.corsOrigins = ["https://app.example.com"] }
        defer { server.stop() }
        let foreign = try RawWebSocket(port: server.port, path: "/test/echo", headers: ["Origin": "https://evil.example"])
        XCTAssertEqual(foreign.status, 403)
        XCTAssertEqual(foreign.errorCode, "origin_not_allowed")
        let own = try RawWebSocket(port: server.port, path: "/test/echo", headers: ["Origin": "http://127.0.0.1:\(server.port)"])
        XCTAssertEqual(own.status, 101, "the server's own page: \(own.body)")
        let allowed = try RawWebSocket(port: server.port, path: "/test/echo", headers: ["Origin": "https://app.example.com"])
        XCTAssertEqual(allowed.status, 101, allowed.body)
        let program = try RawWebSocket(port: server.port, path: "/test/echo")
        XCTAssertEqual(program.status, 101, "no Origin: not a page")
    }

    func testAKeyMayComeInTheQueryAndAMissingOneIs401() throws {
        let server = try start { $0.apiKeys = ["k-1"]; $0.requireAPIKey = true }
        defer { server.stop() }
        XCTAssertEqual(try RawWebSocket(port: server.port, path: "/test/echo").status, 401)
        XCTAssertEqual(try RawWebSocket(port: server.port, path: "/test/echo?key=wrong").status, 401)
        XCTAssertEqual(try RawWebSocket(port: server.port, path: "/test/echo?key=k-1").status, 101)
        XCTAssertEqual(try RawWebSocket(port: server.port, path: "/test/echo", headers: ["X-API-Key": "k-1"]).status, 101)
        XCTAssertEqual(try RawWebSocket(port: server.port, path: "/test/echo", headers: ["Sec-WebSocket-Protocol": "k-1"]).status, 401,
                       "a key is never read from Sec-WebSocket-Protocol")
    }

    func testOpeningAConnectionCostsAToken() throws {
        let server = try start { $0.tokensPerSecond = 0.001; $0.burst = 4 }
        defer { server.stop() }
        let statuses = try (0..<5).map { _ in try RawWebSocket(port: server.port, path: "/test/echo").status }
        XCTAssertEqual(statuses, [101, 101, 101, 101, 429])
    }

    func testMoreThanMaxLiveConnectionsIs503AndAClosedOneFreesItsSlot() throws {
        let seen = Seen()
        let server = try start({ $0.maxLiveConnections = 1 }, seen: seen)
        defer { server.stop() }
        let first = try RawWebSocket(port: server.port, path: "/test/echo")
        XCTAssertEqual(first.status, 101)
        seen.wait { server.liveConnections == 1 }
        let second = try RawWebSocket(port: server.port, path: "/test/echo")
        XCTAssertEqual(second.status, 503)
        XCTAssertEqual(second.errorCode, "too_many_live_connections")
        XCTAssertNotNil(second.headers["retry-after"])
        try first.sendClose(1000)
        XCTAssertEqual(RawWebSocket.close(try first.receive())?.code, 1000)
        seen.wait { server.liveConnections == 0 }
        XCTAssertEqual(try RawWebSocket(port: server.port, path: "/test/echo").status, 101)
    }

    // MARK: Messages

    func testTextAndBinaryMessagesEchoUnmasked() throws {
        let seen = Seen()
        let server = try start(seen: seen)
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        try socket.send(text: "hello, ✏️")
        let text = try XCTUnwrap(try socket.receive())
        XCTAssertEqual(text.opcode, .text)
        XCTAssertEqual(String(decoding: text.payload, as: UTF8.self), "hello, ✏️")
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for payload in [[UInt8](), [1, 2, 3], Array(big.prefix(300)), big] {
            try socket.send(binary: payload)
            let echoed = try XCTUnwrap(try socket.receive())
            XCTAssertEqual(echoed.opcode, .binary)
            XCTAssertEqual(echoed.payload, payload)
        }
        XCTAssertEqual(seen.received.count, 5)
    }

    func testFramesSentWithTheHandshakeAreRead() throws {
        let server = try start()
        defer { server.stop() }
        // Sent before the 101 (and before the key is checked in a task): libmicrohttpd has read
        // them with the head and hands them over with the connection.
        let early = WebSocketFrame(opcode: .text, payload: Array("early".utf8)).encoded(masked: true)
            + WebSocketFrame(opcode: .binary, payload: [1, 2, 3]).encoded(masked: true)
        let socket = try RawWebSocket(port: server.port, path: "/test/echo", first: early)
        XCTAssertEqual(socket.status, 101)
        XCTAssertEqual(try socket.receive().map { String(decoding: $0.payload, as: UTF8.self) }, "early")
        XCTAssertEqual(try socket.receive()?.payload, [1, 2, 3])
    }

    func testFragmentsAreJoinedAndPingsAnsweredBetweenThem() throws {
        let server = try start()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        try socket.send(WebSocketFrame(fin: false, opcode: .text, payload: Array("dra".utf8)))
        try socket.send(WebSocketFrame(opcode: .ping, payload: Array("are you there".utf8)))
        try socket.send(WebSocketFrame(fin: false, opcode: .continuation, payload: Array("wi".utf8)))
        // A character split across fragments.
        let e = Array("é".utf8)
        try socket.send(WebSocketFrame(fin: false, opcode: .continuation, payload: Array("ng ".utf8) + [e[0]]))
        try socket.send(WebSocketFrame(fin: true, opcode: .continuation, payload: [e[1]]))
        let pong = try XCTUnwrap(try socket.receive())
        XCTAssertEqual(pong.opcode, .pong)
        XCTAssertEqual(pong.payload, Array("are you there".utf8))
        let joined = try XCTUnwrap(try socket.receive())
        XCTAssertEqual(String(decoding: joined.payload, as: UTF8.self), "drawing é")
    }

    // MARK: Closing

    func testAClientCloseIsAnsweredAndEndsTheMessagesCleanly() throws {
        let seen = Seen()
        let server = try start(seen: seen)
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        try socket.sendClose(1000, "bye")
        let answer = RawWebSocket.close(try socket.receive())
        XCTAssertEqual(answer?.code, 1000, "the code is echoed")
        XCTAssertTrue(socket.serverClosed())
        seen.wait { !seen.ended.isEmpty }
        XCTAssertEqual(seen.ended, ["finished"])
        XCTAssertEqual(seen.closeStatuses, [WebSocketCloseStatus(code: 1000, reason: "bye", byPeer: true)])
        seen.wait { server.liveConnections == 0 }
        XCTAssertEqual(server.liveConnections, 0)
    }

    func testTheServerClosesWithItsCodeAndWaitsForTheAnswer() throws {
        let closed = Seen()
        let server = try start(handler: { connection in
            try? await connection.send(text: "last words")
            await connection.close(code: 4001, reason: "done here")
            closed.end("closed", connection.closeStatus)
        })
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        XCTAssertEqual(String(decoding: try XCTUnwrap(try socket.receive()).payload, as: UTF8.self), "last words")
        let close = RawWebSocket.close(try socket.receive())
        XCTAssertEqual(close?.code, 4001)
        XCTAssertEqual(close?.reason, "done here")
        try socket.sendClose(4001)
        XCTAssertTrue(socket.serverClosed())
        closed.wait { !closed.ended.isEmpty }
        XCTAssertEqual(closed.closeStatuses, [WebSocketCloseStatus(code: 4001, reason: "done here", byPeer: false)])
    }

    private func violation(_ frames: [UInt8], limits: (inout ServerConfiguration) -> Void = { _ in }) throws -> (code: Int?, ending: String) {
        let seen = Seen()
        let server = try start(limits, seen: seen)
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        try socket.connection.send(frames)
        let code = RawWebSocket.close(try socket.receiveSkippingPings())?.code
        XCTAssertTrue(socket.serverClosed(), "the connection is closed after a violation")
        seen.wait { !seen.ended.isEmpty }
        return (code, seen.ended.first ?? "")
    }

    func testAnUnmaskedClientFrameIsClosedWith1002() throws {
        let result = try violation(WebSocketFrame(opcode: .text, payload: Array("plain".utf8)).encoded(masked: false))
        XCTAssertEqual(result.code, 1002)
        XCTAssertTrue(result.ending.contains("1002") && result.ending.contains("unmasked"), result.ending)
    }

    func testBrokenFramingIsClosedWith1002() throws {
        let cases: [(String, [UInt8])] = [
            ("reserved bits", [0xC1, 0x80, 1, 2, 3, 4]),
            ("opcode 3", [0x83, 0x80, 1, 2, 3, 4]),
            ("a fragmented ping", WebSocketFrame(fin: false, opcode: .ping, payload: []).encoded(masked: true)),
            ("a long ping", WebSocketFrame(opcode: .ping, payload: [UInt8](repeating: 1, count: 126)).encoded(masked: true)),
            ("a lone continuation", WebSocketFrame(opcode: .continuation, payload: [1]).encoded(masked: true)),
            ("a close code of 1005", WebSocketFrame(opcode: .close, payload: [0x03, 0xED]).encoded(masked: true)),
            ("a new message inside a fragmented one",
             WebSocketFrame(fin: false, opcode: .text, payload: [0x61]).encoded(masked: true) + WebSocketFrame(opcode: .text, payload: [0x62]).encoded(masked: true)),
        ]
        for (name, bytes) in cases {
            XCTAssertEqual(try violation(bytes).code, 1002, name)
        }
    }

    func testAnOversizedMessageIsClosedWith1009FromItsHead() throws {
        // Only the head of a 1 TiB frame is sent: the answer cannot wait for its payload.
        let head: [UInt8] = [0x82, 0xFF, 0, 0, 0x01, 0, 0, 0, 0, 0, 9, 9, 9, 9]
        let result = try violation(head) { $0.webSocketLimits.maxMessageBytes = 64 * 1024 }
        XCTAssertEqual(result.code, 1009)
        XCTAssertTrue(result.ending.contains("64 KiB"), result.ending)
        // The same limit holds across fragments: 40 KiB twice is over 64 KiB.
        let half = [UInt8](repeating: 7, count: 40 * 1024)
        let fragments = WebSocketFrame(fin: false, opcode: .binary, payload: half).encoded(masked: true)
            + WebSocketFrame(fin: true, opcode: .continuation, payload: half).encoded(masked: true)
        XCTAssertEqual(try violation(fragments) { $0.webSocketLimits.maxMessageBytes = 64 * 1024 }.code, 1009)
    }

    func testTooManyFragmentsIsClosedWith1008() throws {
        var bytes = WebSocketFrame(fin: false, opcode: .binary, payload: [1]).encoded(masked: true)
        for _ in 0..<8 { bytes += WebSocketFrame(fin: false, opcode: .continuation, payload: [1]).encoded(masked: true) }
        XCTAssertEqual(try violation(bytes) { $0.webSocketLimits.maxFramesPerMessage = 4 }.code, 1008)
    }

    func testTextThatIsNotUTF8IsClosedWith1007() throws {
        for payload: [UInt8] in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x61, 0xE2, 0x82]] {
            XCTAssertEqual(try violation(WebSocketFrame(opcode: .text, payload: payload).encoded(masked: true)).code, 1007, "\(payload)")
        }
        // A close reason too.
        XCTAssertEqual(try violation(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8, 0xFF]).encoded(masked: true)).code, 1007)
    }

    func testASilentClientIsPingedThenClosedWith1001() throws {
        let seen = Seen()
        let server = try start({ $0.webSocketLimits.idleTimeout = 1 }, seen: seen)
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        let ping = try XCTUnwrap(try socket.receive())
        XCTAssertEqual(ping.opcode, .ping)
        let close = RawWebSocket.close(try socket.receive())
        XCTAssertEqual(close?.code, 1001)
        XCTAssertTrue(socket.serverClosed())
        seen.wait { !seen.ended.isEmpty }
        XCTAssertTrue(seen.ended.first?.contains("sent nothing") == true, "\(seen.ended)")
    }

    func testAClientThatAnswersPingsStaysOpen() throws {
        let server = try start { $0.webSocketLimits.idleTimeout = 1 }
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        // Three pings answered: at least 1.5 idle periods, with the connection still open.
        for _ in 0..<3 {
            let ping = try XCTUnwrap(try socket.receive())
            XCTAssertEqual(ping.opcode, .ping)
            try socket.send(WebSocketFrame(opcode: .pong, payload: ping.payload))
        }
        try socket.send(text: "still here")
        XCTAssertEqual(try socket.receiveSkippingPings().map { String(decoding: $0.payload, as: UTF8.self) }, "still here")
    }

    // MARK: Bounds on sending

    func testASlowReaderCannotGrowTheSendQueuePastItsBound() throws {
        let bound = 256 * 1024
        let report = Seen()
        let server = try start({ $0.webSocketLimits.maxQueuedBytes = bound; $0.webSocketLimits.sendTimeout = 2 }, handler: { connection in
            let message = [UInt8](repeating: 0x5A, count: 16 * 1024)
            var accepted = 0, refused = 0, largest = 0
            // 4096 × 16 KiB = 64 MiB offered to a client that reads nothing.
            for _ in 0..<4096 {
                guard let queued = try? connection.sendIfRoom(binary: message) else { break }
                if queued { accepted += 1 } else { refused += 1 }
                largest = max(largest, connection.queuedBytes)
            }
            report.end("accepted \(accepted) refused \(refused) largest \(largest)", nil)
            // Keep offering until the connection gives up on the client, whose socket is full.
            while (try? connection.sendIfRoom(binary: message)) != nil {
                largest = max(largest, connection.queuedBytes)
                try? await Task.sleep(for: .milliseconds(20))
            }
            report.end("largest \(largest)", nil)
            do {
                for try await _ in connection.messages {}
                report.end("finished", nil)
            } catch {
                report.end("\(error)", nil)
            }
        })
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        report.wait { report.ended.count >= 3 }
        let counts = report.ended.first ?? ""
        let numbers = counts.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 3, counts)
        if numbers.count == 3 {
            XCTAssertGreaterThan(numbers[1], 0, "sendIfRoom refused once the queue was full: \(counts)")
            XCTAssertLessThanOrEqual(numbers[2], bound, "the queue never held more than its bound: \(counts)")
            XCTAssertLessThan(numbers[0] * 16 * 1024, 64 << 20, counts)
        }
        XCTAssertTrue(report.ended.last?.contains("read nothing") == true, "the stalled connection was dropped: \(report.ended)")
        let later = report.ended.count == 3 ? Int(report.ended[1].split(separator: " ").last ?? "") : nil
        XCTAssertLessThanOrEqual(later ?? .max, bound, "nor afterwards: \(report.ended)")
        _ = socket
    }

    func testAWaitingSendIsReleasedWhenTheConnectionEnds() throws {
        let report = Seen()
        let server = try start({ $0.webSocketLimits.maxQueuedBytes = 64 * 1024; $0.webSocketLimits.sendTimeout = 60 }, handler: { connection in
            let message = [UInt8](repeating: 1, count: 32 * 1024)
            do {
                while true { try await connection.send(binary: message) }
            } catch {
                report.end("\(error)", nil)
            }
        })
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        // The client reads nothing; the socket buffers fill and the sender waits for room.
        usleep(300_000)
        try socket.sendClose(1000)
        report.wait { !report.ended.isEmpty }
        XCTAssertEqual(report.ended, ["\(WebSocketConnectionError.closed)"])
    }

    // MARK: Stopping

    func testDrainingClosesOpenConnectionsWith1001() async throws {
        let seen = Seen()
        let server = try start(seen: seen)
        let socket = try RawWebSocket(port: server.port, path: "/test/echo")
        try socket.send(text: "before")
        XCTAssertEqual(try socket.receive().map { String(decoding: $0.payload, as: UTF8.self) }, "before")
        let drained = Task { await server.drain() }
        let close = RawWebSocket.close(try socket.receive())
        XCTAssertEqual(close?.code, 1001)
        XCTAssertEqual(close?.reason, "the server is shutting down")
        try socket.sendClose(1001)
        XCTAssertTrue(socket.serverClosed())
        await drained.value
        XCTAssertEqual(server.liveConnections, 0)
    }

    func testStoppingShutsConnectionsThatDoNotAnswer() throws {
        let seen = Seen()
        let server = try start(seen: seen)
        let sockets = try (0..<3).map { _ in try RawWebSocket(port: server.port, path: "/test/echo") }
        seen.wait { server.liveConnections == 3 }
        server.stop()
        for socket in sockets {
            XCTAssertEqual(RawWebSocket.close(try socket.receive())?.code, 1001)
            XCTAssertTrue(socket.serverClosed())
        }
        seen.wait { seen.ended.count == 3 }
        XCTAssertEqual(seen.ended.count, 3)
    }

    // MARK: TLS

    func testAnUpgradeWorksOverTLS() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-wss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = dir.appendingPathComponent("k.pem").path, certificate = dir.appendingPathComponent("c.pem").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { throw XCTSkip("openssl is not installed") }
        XCTAssertEqual(try Self.run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                                     "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"]), 0)
        let identity = TLSIdentity(key: try String(contentsOfFile: key, encoding: .utf8), certificate: try String(contentsOfFile: certificate, encoding: .utf8))
        let seen = Seen()
        let server = try start({ $0.tls = identity }, seen: seen)
        defer { server.stop() }
        // openssl s_client carries the handshake and a masked frame; the echo comes back unmasked.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_client", "-connect", "127.0.0.1:\(server.port)", "-quiet", "-nocommands", "-CAfile", certificate]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        // A server that never answers ends the read below (EOF) instead of hanging the test.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
        let request = "GET /test/echo HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        input.fileHandleForWriting.write(Data(request.utf8) + Data(WebSocketFrame(opcode: .text, payload: Array("over TLS".utf8)).encoded(masked: true)))
        var received: [UInt8] = []
        let expected = WebSocketFrame(opcode: .text, payload: Array("over TLS".utf8)).encoded(masked: false)
        let reader = output.fileHandleForReading
        while received.firstRange(of: expected) == nil {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        let text = String(decoding: received, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 101"), text)
        XCTAssertTrue(text.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), text)
        XCTAssertNotNil(received.firstRange(of: expected), "the echo came back through TLS")
        input.fileHandleForWriting.write(Data(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8]).encoded(masked: true)))
        seen.wait { !seen.ended.isEmpty }
        XCTAssertEqual(seen.ended, ["finished"])
        XCTAssertEqual(seen.received, [.text("over TLS")])
    }

    private static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
