import InklingJobs
import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import InklingServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Draining on stop, cancellation reaching the engine when a client hangs up, and a port in use.
final class ShutdownTests: XCTestCase {
    private func comfy(_ fake: FakeComfyUI) -> ComfyUIEngine {
        var entry = EngineEntry(name: "comfyui", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                sizes: [PixelSize(width: 96, height: 80)], timeoutSeconds: 5, generationTimeoutSeconds: 60)
        entry.defaults.steps = 4
        return ComfyUIEngine(entry: entry)
    }

    private func a1111(_ fake: FakeAutomatic1111) -> Automatic1111Engine {
        Automatic1111Engine(entry: EngineEntry(name: "a1111", kind: .automatic1111, endpoint: fake.server.baseURL,
                                               models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                               sizes: [PixelSize(width: 128, height: 96)], timeoutSeconds: 5, generationTimeoutSeconds: 60))
    }

    private static let generation = Array(#"{"prompt": "a red kite over the sea", "limit": 1}"#.utf8)

    /// Sends a generation request on a new connection and returns the connection, unread.
    private func startGeneration(port: UInt16) throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send(Array("POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(Self.generation.count)\r\n\r\n".utf8) + Self.generation)
        return connection
    }

    private func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    func testClientThatHangsUpInterruptsComfyUI() throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let fake = try FakeComfyUI(behavior: behavior)
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: comfy(fake))
        defer { server.stop() }
        var connection: RawConnection? = try startGeneration(port: server.port)
        XCTAssertTrue(wait(10) { fake.workflows.count == 1 }, "the prompt reaches ComfyUI")
        XCTAssertEqual(fake.interrupts, 0)
        connection = nil  // the client hangs up
        XCTAssertNil(connection)
        XCTAssertTrue(wait(5) { fake.interrupts == 1 && fake.outcomes.values.allSatisfy { $0 == .interrupted } && fake.remains.isClean },
                      "the running prompt is interrupted and forgotten at ComfyUI (interrupts \(fake.interrupts), \(fake.remains))")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200)
    }

    func testTheDeadlineInterruptsComfyUIAndTheAnswerSaysSo() throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let fake = try FakeComfyUI(behavior: behavior)
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.generationTimeout = 1 }, engine: comfy(fake))
        defer { server.stop() }
        let response = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: Self.generation)
        XCTAssertEqual(response.status, 504, response.text)
        XCTAssertEqual(response.errorCode, "generation_timeout")
        let message = response.errorMessage ?? ""
        XCTAssertTrue(message.hasPrefix("the generation took longer than 1 s and was stopped; ask for fewer or smaller images; cancelled on ComfyUI at \(fake.server.baseURL.absoluteString): prompt "), message)
        XCTAssertTrue(message.hasSuffix(" interrupted while running (it stops after the sampler's current step); its history was deleted"), message)
        XCTAssertEqual(Array(fake.outcomes.values), [.interrupted])
        XCTAssertTrue(wait(5) { fake.remains.isClean }, "nothing left on ComfyUI: \(fake.remains)")
    }

    func testClientThatHangsUpInterruptsAutomatic1111() throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 30
        let fake = try FakeAutomatic1111(behavior: behavior)
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: a1111(fake))
        defer { server.stop() }
        var connection: RawConnection? = try startGeneration(port: server.port)
        XCTAssertTrue(wait(10) { fake.server.requests.contains { $0.path == "/sdapi/v1/txt2img" } }, "the generation reaches the web UI")
        connection = nil
        XCTAssertNil(connection)
        XCTAssertTrue(wait(5) { fake.interrupts == 1 }, "POST /sdapi/v1/interrupt reaches the web UI")
    }

    func testDrainAnswersWaitingAndCancelsRunningAfterTheDeadline() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let fake = try FakeComfyUI(behavior: behavior)
        let server = try InklingServer(configuration: ServerFixture.configuration {
            $0.maxConcurrentGenerations = 1
            $0.maxQueuedGenerations = 2
            $0.drainTimeout = 0.5
        }, engine: comfy(fake))
        let port = server.port
        let running = try startGeneration(port: port)
        XCTAssertTrue(wait(10) { fake.workflows.count == 1 })
        let waiting = try startGeneration(port: port)
        try await Task.sleep(for: .milliseconds(200))
        let started = Date()
        await server.drain()
        let drained = Date().timeIntervalSince(started)
        for (name, connection) in [("waiting", waiting), ("running", running)] {
            let response = try connection.readResponse()
            XCTAssertEqual(response.status, 503, name)
            XCTAssertEqual(response.errorCode, "stopping", name)
            XCTAssertEqual(response.headers["retry-after"], "5", name)
            if name == "running" {
                // The answer says what became of the prompt on ComfyUI.
                let message = response.errorMessage ?? ""
                XCTAssertTrue(message.hasPrefix("the server is shutting down; try again shortly; cancelled on ComfyUI at \(fake.server.baseURL.absoluteString): prompt "), message)
                XCTAssertTrue(message.contains(" interrupted while running"), message)
            }
        }
        XCTAssertGreaterThanOrEqual(drained, 0.5, "running generations get the drain deadline")
        XCTAssertLessThan(drained, 10, "then cancelled, not left to the never-finishing prompt or the 120 s generation timeout")
        XCTAssertTrue(wait(5) { fake.interrupts == 1 && fake.outcomes.values.allSatisfy { $0 == .interrupted } && fake.remains.isClean },
                      "the cancelled generation is interrupted at ComfyUI (\(fake.remains))")
        XCTAssertThrowsError(try RawConnection(port: port), "the port is closed after a drain")
    }

    func testDrainLetsAGenerationFinishWithinTheDeadline() async throws {
        let server = try ServerFixture.start { $0.drainTimeout = 30 }
        let running = try startGeneration(port: server.port)
        try await Task.sleep(for: .milliseconds(100))
        // While draining, the port is closed at once.
        let drain = Task { await server.drain() }
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertThrowsError(try RawConnection(port: server.port), "no new connections while draining")
        let response = try running.readResponse()
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual((response.json["images"] as? [Any])?.count, 1)
        await drain.value
    }

    // MARK: The real executable

    private var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling")
    }

    /// Starts `inkling serve` with `arguments` and returns it with its port (read off stdout).
    private func serve(_ arguments: [String]) throws -> (Process, UInt16, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--host", "127.0.0.1"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = [UInt8]()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        let url = String(decoding: line, as: UTF8.self)
        guard let port = UInt16(url.split(separator: ":").last ?? "") else {
            process.terminate()
            throw RawHTTPError(description: "no URL on stdout: \(url)")
        }
        return (process, port, errors)
    }

    private func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); return false }
        return true
    }

    func testSecondServerOnAPortInUseExits4() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "no built inkling at \(executable.path)")
        let (first, port, _) = try serve(["--port", "0"])
        defer { first.terminate(); _ = waitForExit(first, seconds: 10) }
        let second = Process()
        second.executableURL = executable
        second.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port)]
        let errors = Pipe()
        second.standardError = errors
        second.standardOutput = Pipe()
        try second.run()
        XCTAssertTrue(waitForExit(second, seconds: 10), "the second server exits instead of sharing the port")
        XCTAssertEqual(second.terminationStatus, 4)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = log.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, log)
        XCTAssertTrue(log.contains("127.0.0.1 port \(port) is already in use"), log)
        XCTAssertEqual(try RawHTTP.request(port: port, "GET", "/healthz").status, 200, "the first one still serves")
    }

    func testSIGTERMAnswersAGenerationInFlight() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "no built inkling at \(executable.path)")
        let (process, port, errors) = try serve(["--port", "0", "--drain", "0"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let body = Array(#"{"prompt": "a red kite over the sea", "limit": 4, "options": {"size": "1024x1024"}}"#.utf8)
        let connection = try RawConnection(port: port)
        try connection.send(Array("POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        Thread.sleep(forTimeInterval: 0.2)
        process.terminate()
        let response = try connection.readResponse()
        XCTAssertEqual(response.status, 503, response.text)
        XCTAssertEqual(response.errorCode, "stopping", response.text)
        XCTAssertTrue(waitForExit(process, seconds: 10))
        XCTAssertEqual(process.terminationStatus, 0)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(log.contains("stopping"), log)
    }
}
