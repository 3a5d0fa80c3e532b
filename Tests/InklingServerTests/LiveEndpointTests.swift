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
}
