import InklingJobs
import Foundation
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingServer
import XCTest

/// The server keeps results in memory from the engine to the image store: no temporary
/// session directory (`$TMPDIR/inkling-<pid>-…`) appears while a request is generated.
final class InMemoryResultsTests: XCTestCase {
    /// The built-in painter, whose variation 1 looks for session directories once variation 0
    /// has had time to be encoded and stored.
    private struct ProbingEngine: ImageEngine {
        let painter = BuiltInEngine()
        let probe: Probe
        var identifier: String { painter.identifier }
        var capabilities: EngineCapabilities { painter.capabilities }
        func availability() async -> EngineAvailability { .available }
        func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
            guard variation == 1 else {
                let image = try await painter.generate(conditioning, variation: variation)
                probe.firstDone()
                return image
            }
            let image = try await painter.generate(conditioning, variation: variation)
            while !probe.isFirstDone { try await Task.sleep(nanoseconds: 10_000_000) }
            try await Task.sleep(nanoseconds: 300_000_000)
            probe.look()
            return image
        }
    }

    /// What the probe saw.
    private final class Probe: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        private var seen: [String]?
        let before = Probe.sessions()

        func firstDone() { lock.withLock { done = true } }
        var isFirstDone: Bool { lock.withLock { done } }
        func look() { let now = Probe.sessions(); lock.withLock { seen = now } }
        var appeared: [String]? { lock.withLock { seen.map { $0.filter { !before.contains($0) } } } }

        /// This process's session directories in the temporary directory.
        static func sessions() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
            return names.filter { $0.hasPrefix("inkling-\(getpid())-") }
        }
    }

    func testAGenerationWritesNoTemporaryFiles() throws {
        let probe = Probe()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: ProbingEngine(probe: probe))
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house", "limit": 2, "options": ["size": "512x512"],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual((response.json["images"] as? [Any])?.count, 2)
        XCTAssertEqual(probe.appeared, [], "no session directory while the second image was painted")
    }
}
