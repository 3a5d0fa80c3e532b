import Foundation
import InklingServer
import InklingTransport
import XCTest

/// `GET /v1/live` end to end on a real server socket with the built-in engine: start, strokes,
/// undo, frames that answer revisions in order, keep as a job, and refusals.
final class LiveEndpointTests: XCTestCase {
    /// What the server sent, in order: text messages decoded, binary frames by size.
    private struct Received {
        var messages: [[String: Any]] = []
        var binaries: [Int] = []
    }

    private func receive(_ socket: RawWebSocket, until done: (Received) -> Bool) throws -> Received {
        var received = Received()
        let deadline = Date().addingTimeInterval(60)
        while !done(received), Date() < deadline {
            guard let frame = try socket.receiveSkippingPings() else { break }
            switch frame.opcode {
            case .text:
                received.messages.append(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any]))
            case .binary:
                received.binaries.append(frame.payload.count)
            case .close:
                return received
            default:
                break
            }
        }
        return received
    }

    private static func stroke(_ i: Int) -> String {
        let points = (0..<8).map { #"{"x": \#(40 + 50 * i + 12 * $0), "y": \#(100 + 30 * ($0 % 3))}"# }.joined(separator: ",")
        return #"{"type": "stroke", "stroke": {"ink": {"type": "pen"}, "points": [\#(points)]}}"#
    }

    func testStrokesBringFramesInOrderAndTheLastAnswersTheLastRevision() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        try socket.send(text: #"{"type": "start", "canvas": {"width": 256, "height": 256}, "prompt": "a red house", "options": {"size": "256x256"}}"#)
        for i in 0..<4 { try socket.send(text: Self.stroke(i)) }
        try socket.send(text: #"{"type": "undo"}"#)
        let received = try receive(socket) { received in
            received.messages.contains { ($0["type"] as? String) == "state" && ($0["state"] as? String) == "upToDate" && ($0["revision"] as? Int) == 5 }
        }
        let frames = received.messages.filter { ($0["type"] as? String) == "frame" }
        let revisions = frames.compactMap { $0["revision"] as? Int }
        XCTAssertFalse(revisions.isEmpty)
        XCTAssertEqual(revisions, revisions.sorted(), "frames never go backwards: \(revisions)")
        XCTAssertEqual(Set(revisions).count, revisions.count)
        XCTAssertEqual(revisions.last, 5, "the last frame answers the last revision (4 strokes and an undo)")
        // Each frame header is followed by its JPEG, of the size it announced.
        XCTAssertEqual(received.binaries, frames.compactMap { $0["bytes"] as? Int })
        XCTAssertTrue(received.binaries.allSatisfy { $0 > 500 })

        // Keep: a job of the current revision.
        try socket.send(text: #"{"type": "keep"}"#)
        let kept = try receive(socket) { $0.messages.contains { ($0["type"] as? String) == "kept" } }
        let job = try XCTUnwrap(kept.messages.first { ($0["type"] as? String) == "kept" })
        XCTAssertEqual(job["revision"] as? Int, 5)
        XCTAssertEqual((job["job"] as? String)?.count, 32)
    }

    func testAFirstMessageThatIsNoStartIsRefusedAndTheConnectionClosed() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        try socket.send(text: Self.stroke(0))
        let received = try receive(socket) { _ in false }
        let error = try XCTUnwrap(received.messages.first)
        XCTAssertEqual(error["type"] as? String, "error")
        XCTAssertEqual(error["code"] as? String, "not_started")
        XCTAssertTrue(socket.serverClosed())
    }

    func testABadMessageIsAnsweredAndTheSessionGoesOn() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        try socket.send(text: #"{"type": "start", "canvas": {"width": 128, "height": 128}}"#)
        try socket.send(text: #"{"type": "stroke", "stroke": {"points": [{"x": "left", "y": 1}]}}"#)
        try socket.send(text: Self.stroke(0))
        let received = try receive(socket) { received in
            received.messages.contains { ($0["type"] as? String) == "frame" && ($0["revision"] as? Int) == 1 }
        }
        let error = try XCTUnwrap(received.messages.first { ($0["type"] as? String) == "error" })
        XCTAssertEqual(error["code"] as? String, "invalid_stroke")
        XCTAssertFalse((error["message"] as? String ?? "").contains("\n"))
    }

    // MARK: Bounds

    func testAClientHoldsAtMostItsLiveSessionsAndGetsOneBackWhenOneCloses() throws {
        let server = try ServerFixture.start { $0.maxLivePerClient = 2 }
        defer { server.stop() }
        var first: RawWebSocket? = try RawWebSocket(port: server.port, path: "/v1/live")
        let second = try RawWebSocket(port: server.port, path: "/v1/live")
        XCTAssertEqual(first?.status, 101)
        XCTAssertEqual(second.status, 101)
        let third = try RawWebSocket(port: server.port, path: "/v1/live")
        XCTAssertEqual(third.status, 429)
        XCTAssertTrue(third.body.contains("too_many_live_sessions"), third.body)
        XCTAssertTrue(third.body.contains("--max-live-per-client"), third.body)
        // The first one closes: its slot comes back once the server has seen it go.
        try first?.sendClose(1000)
        XCTAssertTrue(first?.serverClosed() ?? false)
        first = nil
        var status = 0
        for _ in 0..<100 {
            let again = try RawWebSocket(port: server.port, path: "/v1/live")
            status = again.status
            if status == 101 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(status, 101, "a slot given back is taken again")
    }

    func testAKeepCostsAUsageTokenAndIsRefusedWithoutOne() throws {
        // 4 tokens, none regained in the test's time: 1 to open, then 3 keeps, and the 4th refused.
        let server = try ServerFixture.start { $0.tokensPerSecond = 0.001; $0.burst = 4 }
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        XCTAssertEqual(socket.status, 101)
        try socket.send(text: #"{"type": "start", "canvas": {"width": 64, "height": 64}, "prompt": "a pear", "options": {"size": "64x64"}}"#)
        for _ in 0..<4 { try socket.send(text: #"{"type": "keep"}"#) }
        let received = try receive(socket) { received in
            received.messages.filter { ["kept", "error"].contains($0["type"] as? String) }.count >= 4
        }
        let answers = received.messages.filter { ["kept", "error"].contains($0["type"] as? String) }
        XCTAssertEqual(answers.filter { ($0["type"] as? String) == "kept" }.count, 3)
        let refused = try XCTUnwrap(answers.last)
        XCTAssertEqual(refused["code"] as? String, "rate_limited", "\(refused)")
        XCTAssertEqual(refused["status"] as? Int, 429)
    }

    func testAFloodOfMessagesIsRefusedUnreadAndReportedOnce() throws {
        // A burst of 10 messages (start included) and almost no refill: the rest is refused unread
        // however slowly the server reads.
        let server = try ServerFixture.start { $0.liveLimits.maxMessagesPerSecond = 0.0001; $0.liveLimits.messageBurst = 10 }
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        try socket.send(text: #"{"type": "start", "canvas": {"width": 64, "height": 64}}"#)
        for _ in 0..<50 { try socket.send(text: #"{"type": "undo"}"#) }
        let received = try receive(socket) { received in
            received.messages.contains { ($0["code"] as? String) == "too_many_messages" }
        }
        let answered = received.messages.filter { ($0["code"] as? String) == "nothing_to_undo" }.count
        XCTAssertEqual(answered, 10, "the burst was read, and only the burst (the start is the connection's, not the session's)")
        let flood = try XCTUnwrap(received.messages.first { ($0["code"] as? String) == "too_many_messages" })
        XCTAssertEqual(flood["status"] as? Int, 429)
        XCTAssertTrue((flood["message"] as? String ?? "").contains("refused unread"), "\(flood)")
        // (That it is reported at most once a second is LiveSessionTests', on a clock it moves.)
    }
}
