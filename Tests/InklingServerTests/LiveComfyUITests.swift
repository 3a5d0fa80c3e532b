import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import InklingServer
import XCTest

/// `GET /v1/live` on a ComfyUI engine (the fake, as ComfyUI 0.3.64 behaves): the sampler's
/// steps reach the client as progress, and a client that goes away mid-generation stops the
/// prompt on ComfyUI.
final class LiveComfyUITests: XCTestCase {
    private func server(_ fake: FakeComfyUI) throws -> InklingServer {
        var entry = EngineEntry(name: "comfyui", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                sizes: [PixelSize(width: 96, height: 80)], timeoutSeconds: 5, generationTimeoutSeconds: 60)
        entry.defaults.steps = 4
        return try InklingServer(configuration: ServerFixture.configuration(), engine: ComfyUIEngine(entry: entry))
    }

    private static let start = #"{"type": "start", "canvas": {"width": 96, "height": 80}, "prompt": "a red house", "options": {"size": "96x80"}}"#
    private static let stroke = #"{"type": "stroke", "stroke": {"ink": {"type": "pen"}, "points": [{"x": 10, "y": 10}, {"x": 60, "y": 50}, {"x": 80, "y": 20}]}}"#

    private func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// The text messages until `done` holds (or 60 s, or the server closes).
    private func messages(_ socket: RawWebSocket, until done: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        var messages: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(60)
        while !done(messages), Date() < deadline {
            guard let frame = try socket.receiveSkippingPings(), frame.opcode != .close else { break }
            if frame.opcode == .text, let json = try JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any] { messages.append(json) }
        }
        return messages
    }

    func testTheSamplersStepsReachTheClientAsProgress() throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.stepDelay = 0.05
        let fake = try FakeComfyUI(behavior: behavior)
        let server = try server(fake)
        defer { server.stop() }
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        try socket.send(text: Self.start)
        try socket.send(text: Self.stroke)
        let received = try messages(socket) { $0.contains { ($0["type"] as? String) == "frame" && ($0["revision"] as? Int) == 1 } }
        XCTAssertTrue(received.contains { ($0["type"] as? String) == "frame" && ($0["revision"] as? Int) == 1 }, "\(received)")
        let running = received.filter { ($0["state"] as? String) == "running" && $0["progress"] != nil }
        let progress = running.filter { ($0["rendering"] as? Int) == 1 }.compactMap { $0["progress"] as? Double }
        XCTAssertTrue(progress.contains { $0 > 0 && $0 < 1 }, "a step's progress between 0 and 1 came as a state message: \(running)")
        XCTAssertEqual(progress, progress.sorted(), "progress only grows within a frame")
        XCTAssertEqual(fake.violations, [])
    }

    /// A fake ComfyUI that never finishes a prompt, a server on it, and a session that has sent
    /// a stroke whose frame's prompt is running.
    private func runningFrame() throws -> (FakeComfyUI, InklingServer, RawWebSocket) {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let fake = try FakeComfyUI(behavior: behavior)
        let server = try server(fake)
        let socket = try RawWebSocket(port: server.port, path: "/v1/live")
        try socket.send(text: Self.start)
        try socket.send(text: Self.stroke)
        XCTAssertTrue(wait(10) { fake.workflows.count >= 1 && fake.remains.queue.count == 1 }, "the frame's prompt runs on ComfyUI")
        XCTAssertEqual(fake.interrupts, 0)
        return (fake, server, socket)
    }

    func testAClientThatGoesAwayMidGenerationInterruptsComfyUI() throws {
        var frame: (fake: FakeComfyUI, server: InklingServer, socket: RawWebSocket)? = try runningFrame()
        let fake = try XCTUnwrap(frame?.fake), server = try XCTUnwrap(frame?.server)
        defer { server.stop() }
        frame = nil  // the client hangs up (its socket closed), no close frame
        XCTAssertNil(frame)
        XCTAssertTrue(wait(10) { fake.interrupts >= 1 && fake.remains.isClean },
                      "the running prompt is interrupted and forgotten on ComfyUI (interrupts \(fake.interrupts), \(fake.remains))")
        XCTAssertTrue(fake.outcomes.values.allSatisfy { $0 == .interrupted }, "\(fake.outcomes)")
        XCTAssertEqual(Set(fake.interruptRequests.compactMap { $0 }), Set(fake.outcomes.keys), "POST /interrupt names the prompt")
    }

    func testAClientThatClosesMidGenerationInterruptsComfyUI() throws {
        let (fake, server, socket) = try runningFrame()
        defer { server.stop() }
        try socket.sendClose(1000, "bye")
        XCTAssertTrue(wait(10) { fake.interrupts >= 1 && fake.remains.isClean }, "interrupts \(fake.interrupts), \(fake.remains)")
    }
}
