import Foundation
import Inkling
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingOutputs
import XCTest

/// A cancelled request says what became of a remote engine's work: the
/// ``EngineFailure/cancelled(service:summary:)`` its adapter throws reaches the consumer in
/// ``ImageCreationError/creationCancelled(engineWork:)``.
final class CancellationReportTests: XCTestCase {
    /// An engine that works until cancelled, then reports what it stopped, as a remote adapter does.
    struct ReportingEngine: ImageEngine {
        var identifier = "reporting"
        var capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 32, height: 32)], styles: [.illustration])
        func availability() async -> EngineAvailability { .available }
        func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                throw EngineFailure.cancelled(service: "Fake at http://127.0.0.1:1", summary: "job \(variation % 2) interrupted while running")
            }
            return RasterImage(width: 32, height: 32, format: .rgb)
        }
    }

    private func creator() async throws -> InklingImageCreator {
        try await InklingImageCreator(engine: ReportingEngine(), session: OutputSession())
    }

    func testCancelAllReportsEachDistinctEngineCancellation() async throws {
        let creator = try await creator()
        defer { creator.session.removeAll() }
        let waiting = Task { () -> (any Error)? in
            do {
                for try await _ in creator.images(for: [.text("a fox")], limit: 4) {}
                return nil
            } catch { return error }
        }
        try await Task.sleep(for: .milliseconds(200))
        creator.cancelAll()
        let error = await waiting.value
        guard case .creationCancelled(let work)? = error as? ImageCreationError else {
            return XCTFail("expected creationCancelled, got \(String(describing: error))")
        }
        let expected = (0..<min(4, ProcessInfo.processInfo.activeProcessorCount)).map { $0 % 2 }.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        XCTAssertEqual(Set(work), Set(expected.map { "cancelled on Fake at http://127.0.0.1:1: job \($0) interrupted while running" }))
        XCTAssertEqual(work.count, expected.count, "one line per distinct report")
        XCTAssertTrue((error as? ImageCreationError)?.description.contains("; cancelled on Fake at http://127.0.0.1:1: job 0 interrupted while running") == true)
    }

    func testAnEngineCancellationWithoutOursIsAnEngineFailure() {
        // An adapter's `.cancelled` failure that no cancellation of ours caused keeps its kind.
        let failure = EngineFailure.cancelled(service: "x", summary: "y")
        XCTAssertEqual(ImageCreationError.engine(failure), .engineFailed(failure))
    }
}
