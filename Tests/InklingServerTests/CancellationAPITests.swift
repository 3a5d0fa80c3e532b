import InklingJobs
import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingServer
import XCTest

/// A generation stopped by its deadline or a shutdown waits for the engine's adapter to say what
/// became of its work, and says it in the answer; an engine that never answers its cancellation
/// holds the answer back by at most ``cancellationGrace`` seconds.
final class CancellationAPITests: XCTestCase {
    /// Works until cancelled; then, after `reportDelay` seconds, says what it stopped, as a remote
    /// adapter does.
    struct ReportingEngine: ImageEngine {
        var identifier = "reporting"
        var capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 32, height: 32)], styles: [.illustration])
        var reportDelay = 0.0
        func availability() async -> EngineAvailability { .available }
        func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                // Like an adapter's clean-up, this runs whatever the cancellation.
                let delay = reportDelay
                await Task.detached { try? await Task.sleep(for: .milliseconds(Int64(delay * 1000))) }.value
                throw EngineFailure.cancelled(service: "Remote at http://127.0.0.1:9", summary: "job \(variation) interrupted while running")
            }
            return RasterImage(width: 32, height: 32, format: .rgb)
        }
    }

    private static let generation = Array(#"{"prompt": "a red kite over the sea", "limit": 1}"#.utf8)

    func testADeadlineAnswerSaysWhatWasCancelledOnTheEngine() throws {
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.generationTimeout = 0.3 }, engine: ReportingEngine())
        defer { server.stop() }
        let response = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: Self.generation)
        XCTAssertEqual(response.status, 504, response.text)
        XCTAssertEqual(response.errorCode, "generation_timeout")
        XCTAssertEqual(response.errorMessage, "the generation took longer than 0.3 s and was stopped; ask for fewer or smaller images; cancelled on Remote at http://127.0.0.1:9: job 0 interrupted while running")
    }

    func testAnEngineThatNeverReportsHoldsTheAnswerBackByTheGraceOnly() throws {
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.generationTimeout = 0.3 },
                                       engine: ReportingEngine(reportDelay: 60))
        defer { server.stop() }
        let started = Date()
        let response = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: Self.generation)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(response.status, 504, response.text)
        XCTAssertEqual(response.errorMessage, "the generation took longer than 0.3 s and was stopped; ask for fewer or smaller images")
        XCTAssertGreaterThanOrEqual(seconds, 0.3 + 5 - 0.2)
        XCTAssertLessThan(seconds, 0.3 + 5 + 10, "the grace bounds the wait (the engine would take 60 s)")
    }

    func testAShutdownAnswerSaysWhatWasCancelledOnTheEngine() async throws {
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.drainTimeout = 0.2 }, engine: ReportingEngine(reportDelay: 0.2))
        let port = server.port
        let body = Self.generation
        let answer = Task.detached { () throws -> RawResponse in try RawHTTP.request(port: port, "POST", "/v1/generations", body: body) }
        try await Task.sleep(for: .milliseconds(300))
        await server.drain()
        let response = try await answer.value
        XCTAssertEqual(response.status, 503, response.text)
        XCTAssertEqual(response.errorCode, "stopping")
        XCTAssertEqual(response.errorMessage, "the server is shutting down; try again shortly; cancelled on Remote at http://127.0.0.1:9: job 0 interrupted while running")
    }
}
