import InklingBase
import Foundation
import InklingEngineFakes
@testable import InklingRemoteEngines
@testable import InklingTransport
import InklingEngines
import XCTest

/// Deadlines that mean what they say: the generation timeout governs the requests that wait for
/// images, `timeoutSeconds` only the quick ones, each message names the setting that applies,
/// and an answer cut short is reported as such, not as an unreachable server.
final class RemoteDeadlineTests: XCTestCase {
    /// WALL CLOCK: waits 75 s for real. Foundation on Linux cut every request at 60 s whatever
    /// the configuration said; a 75 s txt2img under a 120 s generation timeout must come back,
    /// through the adapter (plain HTTP) and, at the same time, through `URLSession` (the path
    /// `https://` endpoints take).
    func testA75SecondGenerationSucceedsUnderA120SecondTimeout_waits75s() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 75
        let fake = try FakeAutomatic1111(behavior: behavior)
        let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL, timeout: 5, generationTimeout: 120))
        let other = try FakeAutomatic1111(behavior: behavior)
        var foundation = HTTPClient(base: other.server.baseURL, product: "A1111", startHint: "start it", timeout: 5, generationTimeout: 120, failure: RemoteEngineError.fromTransport)
        foundation.usesFoundationForPlainHTTP = true
        let builder = Automatic1111Payload(entry: RemoteFixtures.entry(.automatic1111, other.server.baseURL))
        let (path, payload) = builder.request(RemoteFixtures.conditioning(), variation: 0, images: try builder.images(RemoteFixtures.conditioning()))
        let start = Date()
        async let viaFoundation = foundation.send("POST", path, body: payload.serialized(), contentType: "application/json",
                                                  deadline: foundation.generation)
        let image = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        let answer = try await viaFoundation
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(answer.status, 200, answer.detail)
        XCTAssertNotNil(try JSONValue.parse(answer.body)["images"]?.array?.first)
        XCTAssertEqual([image.width, image.height], [RemoteFixtures.size.width, RemoteFixtures.size.height])
        XCTAssertGreaterThanOrEqual(elapsed, 75, "the fake really took 75 s")
        XCTAssertLessThan(elapsed, 110)
        XCTAssertEqual(fake.interrupts + other.interrupts, 0)
        XCTAssertEqual(fake.violations + other.violations, [])
    }

    func testASlowGenerationFailsNamingGenerationTimeoutSeconds() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 60
        let fake = try FakeAutomatic1111(behavior: behavior)
        let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL, timeout: 30, generationTimeout: 1))
        let start = Date()
        await RemoteFixtures.assertFails(["did not answer POST /sdapi/v1/txt2img within 1 s", "raise generationTimeoutSeconds"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "stopped at the 1 s deadline, not when the fake answered (60 s) or at the 30 s timeoutSeconds")

        let images = try FakeOpenAIImages(apiKey: nil, behavior: { var b = FakeOpenAIImages.Behavior(); b.slowSeconds = 3; return b }())
        let openai = OpenAIImagesEngine(entry: RemoteFixtures.entry(.openai, images.server.baseURL, timeout: 30, generationTimeout: 1))
        await RemoteFixtures.assertFails(["did not answer POST /v1/images/generations within 1 s", "raise generationTimeoutSeconds"]) {
            _ = try await openai.generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        }
    }

    func testQuickCallsNameTimeoutSeconds() async throws {
        let server = try LoopbackServer { _ in .delayed(seconds: 3, .json(.object([:]))) }
        let client = HTTPClient(base: server.baseURL, product: "Fake", startHint: "start it", timeout: 1, generationTimeout: 60, failure: RemoteEngineError.fromTransport)
        await RemoteFixtures.assertFails(["did not answer POST /prompt within 1 s", "raise timeoutSeconds in the engine configuration"]) {
            _ = try await client.send("POST", "/prompt", body: [])
        }
        do {
            _ = try await client.send("POST", "/interrupt", timeout: 0.5)
            XCTFail("expected a timeout")
        } catch let error as RemoteEngineError {
            XCTAssertFalse(error.description.contains("raise"), "a fixed deadline names no setting: \(error)")
            XCTAssertTrue(error.description.contains("within 0.5 s"), error.description)
            XCTAssertEqual(error.failure.kind, .timeout)
        }
    }

    func testAnAnswerCutShortIsReportedAsDropped() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4096\r\nConnection: close\r\n\r\n"
        let chunked = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n{\"images\": ["
        let cuts: [(String, [UInt8])] = [
            // Foundation on Linux ended the whole process here ("Transfer completed, but there's no response").
            ("in the headers", Array("HTTP/1.1 200 OK\r\nContent-Type: appli".utf8)),
            ("in the body", Array((head + "{\"images\": [\"iVBORw0KGgo").utf8)),
            ("in a chunked body", Array(chunked.utf8)),
        ]
        for (label, bytes) in cuts {
            let server = try LoopbackServer { _ in .raw(bytes) }
            let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, server.baseURL))
            do {
                _ = try await engine.generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
                XCTFail("\(label): expected an error")
            } catch let error as RemoteEngineError {
                XCTAssertTrue(error.description.contains("closed the connection in the middle of its answer to POST /sdapi/v1/txt2img"),
                              "\(label): \(error)")
                XCTAssertFalse(error.description.contains("cannot be reached"), "\(label): \(error)")
                XCTAssertEqual(error.failure.kind, .connectionDropped, label)
            }
            XCTAssertEqual(server.requests.count, 1, "\(label): a POST is never repeated")
        }
    }

    func testAGetCutShortIsRetriedThenReportedAsDropped() async throws {
        let server = try LoopbackServer { _ in .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"a\"".utf8)) }
        let client = HTTPClient(base: server.baseURL, product: "Fake", startHint: "start it", timeout: 5, failure: RemoteEngineError.fromTransport)
        await RemoteFixtures.assertFails(["Fake at \(server.baseURL.absoluteString) closed the connection in the middle of its answer to GET /x"]) {
            _ = try await client.json("GET", "/x")
        }
        XCTAssertEqual(server.requests.count, HTTPClient.getAttempts)
    }

    func testPlainHTTPAnswersAreFramedByLengthChunksOrTheEnd() async throws {
        let answers: [(String, String)] = [
            ("chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=1\r\n{\"a\"\r\n3\r\n: 1\r\n1\r\n}\r\n0\r\n\r\n"),
            ("to the end", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"a\": 1}"),
            ("after 100 Continue", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{\"a\": 1}trailing"),
        ]
        for (label, text) in answers {
            let server = try LoopbackServer { _ in .raw(Array(text.utf8)) }
            let client = HTTPClient(base: server.baseURL, product: "Fake", startHint: "start it", timeout: 5, failure: RemoteEngineError.fromTransport)
            let json = try await client.json("POST", "/x", body: .object(["b": .int(2)]))
            XCTAssertEqual(json["a"]?.int, 1, label)
            XCTAssertEqual(server.requests.first?.body, Array(#"{"b":2}"#.utf8), label)
        }
        let garbage = try LoopbackServer { _ in .raw(Array("SSH-2.0-OpenSSH_9.2\r\n\r\n".utf8)) }
        await RemoteFixtures.assertFails(["sent an unexpected answer to POST /x (not HTTP: \"SSH-2.0-OpenSSH_9.2\")"]) {
            _ = try await HTTPClient(base: garbage.baseURL, product: "Fake", startHint: "start it", timeout: 5, failure: RemoteEngineError.fromTransport).json("POST", "/x")
        }
        let silent = try LoopbackServer { _ in .hangUp }
        // Reached, then closed without a word (sd-server killed mid-request): said so, not
        // "cannot be reached … check the endpoint".
        await RemoteFixtures.assertFails(["took POST /x but closed the connection without answering: did it crash or restart while working on it?", "check its log"]) {
            _ = try await HTTPClient(base: silent.baseURL, product: "Fake", startHint: "start it", timeout: 5, failure: RemoteEngineError.fromTransport).send("POST", "/x")
        }
    }

    /// The `URLSession` path (`https://` endpoints) names the knob and a body cut short too; a cut
    /// in the headers is not tried there, as it ends the process.
    func testTheFoundationPathNamesTheSettingAndADroppedBody() async throws {
        let cut = try LoopbackServer { _ in .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"a\"".utf8)) }
        var client = HTTPClient(base: cut.baseURL, product: "Fake", startHint: "start it", timeout: 5, failure: RemoteEngineError.fromTransport)
        client.usesFoundationForPlainHTTP = true
        await RemoteFixtures.assertFails(["closed the connection in the middle of its answer to POST /x"]) {
            _ = try await client.send("POST", "/x")
        }
        let slow = try LoopbackServer { _ in .delayed(seconds: 3, .json(.object([:]))) }
        var patient = HTTPClient(base: slow.baseURL, product: "Fake", startHint: "start it", timeout: 30, generationTimeout: 1, failure: RemoteEngineError.fromTransport)
        patient.usesFoundationForPlainHTTP = true
        await RemoteFixtures.assertFails(["did not answer POST /x within 1 s", "raise generationTimeoutSeconds"]) {
            _ = try await patient.send("POST", "/x", deadline: patient.generation)
        }
    }

    func testComfyUIsWaitNamesGenerationTimeoutSeconds() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = ComfyUIEngine(entry: RemoteFixtures.entry(.comfyui, fake.server.baseURL, timeout: 30, generationTimeout: 0.5))
        await RemoteFixtures.assertFails(["did not answer the generation of prompt", "within 0.5 s", "raise generationTimeoutSeconds"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    /// The transport throws its own errors (it knows nothing of engines); an engine's client
    /// turns them into engine failures, retries included.
    func testTheTransportThrowsItsOwnErrorsAndEnginesMapThem() async throws {
        let server = try LoopbackServer { _ in .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"a\"".utf8)) }
        let bare = HTTPClient(base: server.baseURL, product: "Fake", startHint: "start it", timeout: 5)
        do {
            _ = try await bare.json("GET", "/x")
            XCTFail("a body cut short was taken")
        } catch let error as TransportError {
            XCTAssertEqual(error, .connectionDropped(service: "Fake at \(server.baseURL.absoluteString)", operation: "GET /x"))
        }
        XCTAssertEqual(server.requests.count, HTTPClient.getAttempts, "the transport retries a GET before it fails")
        let mapped = RemoteEngineError(TransportError.timedOut(service: "S", operation: "GET /x", seconds: 2, setting: "timeoutSeconds"))
        XCTAssertEqual(mapped, .timedOut(service: "S", operation: "GET /x", seconds: 2, setting: "timeoutSeconds"))
        XCTAssertEqual(mapped.failure.kind, .timeout)
    }
}
