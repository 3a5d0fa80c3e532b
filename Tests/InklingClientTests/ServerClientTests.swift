import Foundation
import InklingClient
import XCTest

/// Every call of ``InklingServerClient`` against a real `inkling serve`.
final class ServerClientTests: XCTestCase {
    static let house: InkDrawing = {
        let url = StrokeRoundTripTests.repositoryRoot.appendingPathComponent("Strokes/tablet-pen-house.json")
        return try! InkDrawing(jsonData: Data(contentsOf: url))
    }()

    private func client(_ serve: ServeProcess, key: String? = nil, timeout: TimeInterval = 60) -> InklingServerClient {
        InklingServerClient(InklingClientConfiguration(baseURL: serve.url, apiKey: key, requestTimeout: timeout))
    }

    func testGuidanceMapGenerationAndDownloadOnce() async throws {
        let serve = try ServeProcess()
        let client = client(serve)
        let map = try await client.guidanceMap(for: Self.house, GuidanceMapRequest(width: 256, height: 192, encoding: "soft"))
        XCTAssertEqual(Array(map.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        let result = try await client.generate(GenerationRequest(
            drawing: Self.house, prompt: "a cosy house", style: "sketch", limit: 2, options: GenerationOptions(width: 256, height: 192, seed: 7)))
        XCTAssertEqual(result.images.map(\.variation).sorted(), [1, 2])
        XCTAssertEqual(result.images.first?.seed, "7")
        let preview = try await client.preview(result.images[0], width: 64)
        XCTAssertEqual(Array(preview.prefix(2)), [0xFF, 0xD8])
        let png = try await client.download(result.images[0])
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // An image downloads once: the second time is the API's 404 with its code.
        do {
            _ = try await client.download(result.images[0])
            XCTFail("a second download")
        } catch let error as InklingClientError {
            XCTAssertEqual(error.apiError?.status, 404)
            XCTAssertEqual(error.apiError?.code, "image_not_found")
        }
    }

    func testAStreamGivesStartedImagesAndDone() async throws {
        let serve = try ServeProcess()
        var events: [GenerationEvent] = []
        for try await event in client(serve).generationEvents(GenerationRequest(
            drawing: Self.house, prompt: "a cosy house", style: "sketch", limit: 3, options: GenerationOptions(width: 128, height: 96))) {
            events.append(event)
        }
        guard case .started(let job, 3, "sketch", _) = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(job.count, 32)
        XCTAssertEqual(events.last, .done(count: 3))
        let images = events.compactMap { if case .image(let image) = $0 { image } else { nil } }
        XCTAssertEqual(images.map(\.variation).sorted(), [1, 2, 3])
    }

    func testAnInvalidRequestKeepsTheAPIsCodeAndMessage() async throws {
        let serve = try ServeProcess()
        do {
            _ = try await client(serve).generate(GenerationRequest(drawing: Self.house, prompt: "x", options: GenerationOptions(strength: 3)))
            XCTFail("strength 3 was taken")
        } catch let error as InklingClientError {
            XCTAssertEqual(error.apiError?.status, 400)
            XCTAssertEqual(error.apiError?.code, "invalid_request")
            XCTAssertTrue(error.apiError?.message.contains("options.strength") == true, "\(error)")
        }
        // A stream refused before it starts throws the same way.
        do {
            for try await _ in client(serve).generationEvents(GenerationRequest(prompt: "x", style: "oil")) {}
            XCTFail("style oil was taken")
        } catch let error as InklingClientError {
            XCTAssertEqual(error.apiError?.code, "invalid_request", "\(error)")
        }
    }

    func testAJobIsSubmittedFollowedAndDownloaded() async throws {
        let serve = try ServeProcess()
        let client = client(serve)
        let submitted = try await client.submitJob(GenerationRequest(drawing: Self.house, prompt: "a kite", limit: 2, options: GenerationOptions(width: 128, height: 96)))
        XCTAssertEqual(submitted.id.count, 32)
        var last: JobStatus?
        for try await status in client.followJob(id: submitted.id, every: 0.05) { last = status }
        XCTAssertEqual(last?.state, .succeeded)
        XCTAssertEqual(last?.images?.count, 2)
        for image in last?.images ?? [] {
            let png = try await client.download(image)
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        }
        // Cancelling a job that has ended is the API's 409.
        do {
            _ = try await client.cancelJob(submitted.id)
            XCTFail("an ended job was cancelled")
        } catch let error as InklingClientError {
            XCTAssertEqual(error.apiError?.code, "job_finished")
        }
    }

    /// A queued job is cancelled: one generation runs at a time, so the second job waits
    /// behind the first (four 1024×1024 images) and is cancelled before it starts.
    func testAQueuedJobIsCancelled() async throws {
        let serve = try ServeProcess(["--max-generations", "1"])
        let client = client(serve)
        let long = GenerationRequest(drawing: Self.house, prompt: "a kite", limit: 4, options: GenerationOptions(width: 1024, height: 1024))
        _ = try await client.submitJob(long)
        let waiting = try await client.submitJob(long)
        let answer = try await client.cancelJob(waiting.id)
        XCTAssertNotEqual(answer.state, .succeeded, "the second job ran before the first had finished")
        var last: JobStatus?
        for try await status in client.followJob(id: waiting.id, every: 0.05) { last = status }
        XCTAssertEqual(last?.state, .cancelled)
        XCTAssertEqual(last?.error?.code, "cancelled")
    }

    /// A rate-limited client gets 429 with the retry time the server said.
    func testARateLimitedClientSeesTheRetryTime() async throws {
        let serve = try ServeProcess(["--rate", "0.01", "--burst", "4"])
        let client = client(serve)
        for _ in 0..<4 { _ = try await client.guidanceMap(for: Self.house, GuidanceMapRequest(width: 32, height: 32)) }
        do {
            _ = try await client.guidanceMap(for: Self.house, GuidanceMapRequest(width: 32, height: 32))
            XCTFail("a fifth map within the burst of 4")
        } catch let error as InklingClientError {
            XCTAssertEqual(error.apiError?.status, 429)
            XCTAssertEqual(error.apiError?.code, "rate_limited")
            let retry = try XCTUnwrap(error.apiError?.retryAfter)
            XCTAssertGreaterThan(retry, 50, "one token at 0.01 a second")
        }
    }

    /// API keys: an unknown key is the API's 401, a known one is served.
    func testAnAPIKeyIsSent() async throws {
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-client-keys-\(UUID().uuidString)")
        try "sk-client-test\n".write(to: keys, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keys) }
        let serve = try ServeProcess(["--api-keys", keys.path, "--require-api-key"])
        _ = try await client(serve, key: "sk-client-test").guidanceMap(for: Self.house, GuidanceMapRequest(width: 32, height: 32))
        for key in [nil, "sk-wrong"] as [String?] {
            do {
                _ = try await client(serve, key: key).guidanceMap(for: Self.house)
                XCTFail("served without a good key")
            } catch let error as InklingClientError {
                XCTAssertEqual(error.apiError?.status, 401)
            }
        }
    }

    /// The server goes away mid-stream (killed once the stream has started, before the first of
    /// four 1024×1024 images): the stream throws rather than ending as if done.
    func testAServerThatGoesAwayMidStreamEndsTheStreamWithAnError() async throws {
        let serve = try ServeProcess(["--max-generations", "1"])
        var sawStarted = false
        do {
            let request = GenerationRequest(drawing: Self.house, prompt: "a kite", limit: 4, options: GenerationOptions(width: 1024, height: 1024))
            for try await event in client(serve).generationEvents(request) {
                if case .started = event { sawStarted = true; serve.kill() }
            }
            XCTFail("the stream ended as if done")
        } catch let error as InklingClientError {
            switch error {
            case .streamEnded, .transport: break
            default: XCTFail("\(error)")
            }
        }
        XCTAssertTrue(sawStarted)
    }

    /// The caller's timeout holds: a server that takes the connection and never answers fails
    /// the call and the stream with a transport error instead of hanging.
    func testTheCallersTimeoutEndsACallToASilentServer() async throws {
        let silent = try SilentServer()
        let client = InklingServerClient(InklingClientConfiguration(baseURL: silent.url, requestTimeout: 1, resourceTimeout: 5))
        do {
            _ = try await client.guidanceMap(for: Self.house)
            XCTFail("a silent server answered")
        } catch let error as InklingClientError {
            guard case .transport = error else { return XCTFail("\(error)") }
        }
        do {
            for try await _ in client.generationEvents(GenerationRequest(prompt: "a kite")) {}
            XCTFail("a silent server streamed")
        } catch let error as InklingClientError {
            guard case .transport = error else { return XCTFail("\(error)") }
        }
    }

    /// A reader slower than the stream: with room for 4 events, the download is paused and
    /// resumed as the reader takes them, and all 300 arrive in order.
    func testASlowReaderGetsEveryEventInOrderWithAFewBuffered() async throws {
        var body = #"{"job":"5b0e6c1f9d2a47e3b8c4a1f0e2d3c4b5","limit":1,"notices":[],"style":"sketch","type":"started"}"# + "\n"
        for i in 1...300 { body += #"{"progress":\#(Double(i) / 1000),"type":"progress","padding":"\#(String(repeating: "x", count: 200))"}"# + "\n" }
        body += #"{"count":0,"type":"done"}"# + "\n"
        let server = try SilentServer(answer: Data(("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n" + body).utf8))
        let client = InklingServerClient(InklingClientConfiguration(baseURL: server.url, requestTimeout: 10, maxBufferedEvents: 4))
        var progress: [Double] = []
        for try await event in client.generationEvents(GenerationRequest(prompt: "a kite")) {
            if case .progress(let p) = event { progress.append(p); await Task.yield() }
        }
        XCTAssertEqual(progress, (1...300).map { Double($0) / 1000 })
    }

    /// A line longer than `maxLineBytes`, or an answer over `maxResponseBytes`, fails the call
    /// instead of being held.
    func testLinesAndAnswersOverTheirBoundsFail() async throws {
        let long = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n" + String(repeating: "x", count: 5000) + "\n"
        let server = try SilentServer(answer: Data(long.utf8))
        let client = InklingServerClient(InklingClientConfiguration(baseURL: server.url, requestTimeout: 10, maxLineBytes: 1000))
        do {
            for try await _ in client.generationEvents(GenerationRequest(prompt: "a kite")) {}
            XCTFail("a 5000-byte line was read")
        } catch let error as InklingClientError {
            XCTAssertTrue("\(error)".contains("over 1000 bytes (maxLineBytes)"), "\(error)")
        }
        let serve = try ServeProcess()
        let small = InklingServerClient(InklingClientConfiguration(baseURL: serve.url, maxResponseBytes: 100))
        do {
            _ = try await small.guidanceMap(for: Self.house)
            XCTFail("a map over 100 bytes was read")
        } catch let error as InklingClientError {
            XCTAssertTrue("\(error)".contains("over 100 bytes (maxResponseBytes)"), "\(error)")
        }
    }
}
