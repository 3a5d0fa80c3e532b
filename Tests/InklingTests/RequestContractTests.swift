import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingOutputs
import InklingRemoteEngines
import XCTest
@testable import Inkling

/// One request, one piece of work: planned once, the guidance uploaded once for every
/// variation, progress as events, images in memory, and the engine's availability asked once
/// for requests in quick succession.
final class RequestContractTests: XCTestCase {
    private let concepts: [Concept] = [.text("a cosy house"), .drawing(CreatorStreamingTests.drawing)]
    private let parent = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-contract-tests-\(UUID().uuidString)")

    override func tearDown() { try? FileManager.default.removeItem(at: parent) }

    private func engine(_ fake: FakeComfyUI) -> ComfyUIEngine {
        var entry = EngineEntry(name: "comfyui", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                sizes: [PixelSize(width: 96, height: 80)], timeoutSeconds: 5, generationTimeoutSeconds: 10)
        entry.defaults.steps = 4
        return ComfyUIEngine(entry: entry)
    }

    private func count(_ fake: FakeComfyUI, _ prefix: String) -> Int {
        fake.server.requests.filter { $0.path.hasPrefix(prefix) }.count
    }

    func testALimit4RenderUploadsTheGuidanceOnceAndReportsProgressAsEvents() async throws {
        let fake = try FakeComfyUI()
        let creator = try await InklingImageCreator(engine: engine(fake), options: GenerationOptions(seed: 3), session: OutputSession(parent: parent))
        let request = try creator.prepare(concepts, limit: 4)
        XCTAssertEqual(request.style, .illustration)
        XCTAssertEqual(request.notices, [])
        var images: [GeneratedPNG] = [], progress: [Int: [Int]] = [:]
        for try await event in creator.events(for: request) {
            switch event {
            case .image(let image): images.append(image)
            case .progress(let variation, let step, let steps):
                XCTAssertEqual(steps, 4)
                progress[variation, default: []].append(step)
            case .preview, .notice: break
            }
        }
        XCTAssertEqual(Set(images.map(\.recipe.variation)), [0, 1, 2, 3])
        XCTAssertEqual(count(fake, "/upload/image"), 1, "one upload of the guidance map for four variations")
        XCTAssertEqual(fake.workflows.count, 4)
        XCTAssertEqual(progress.keys.sorted(), [0, 1, 2, 3])
        XCTAssertTrue(progress.values.allSatisfy { $0 == [1, 2, 3, 4] }, "\(progress)")
        for image in images {
            XCTAssertEqual(try Recipe(textChunks: PNGCodec.decodeText(image.png)), image.recipe, "the bytes carry the recipe")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: parent.path), "events write no file")
        XCTAssertEqual(fake.violations, [])
    }

    func testAvailabilityIsAskedOnceWithinItsLifetimeAndAgainAfterAFailure() async throws {
        let fake = try FakeComfyUI()
        let engine = engine(fake)
        _ = try await InklingImageCreator(engine: engine, session: OutputSession(parent: parent))
        let asked = count(fake, "/object_info")
        XCTAssertGreaterThan(asked, 0)
        for _ in 0..<3 {
            let creator = try await InklingImageCreator(engine: engine, session: OutputSession(parent: parent))
            for try await _ in creator.events(for: try creator.prepare(concepts)) {}
        }
        XCTAssertEqual(count(fake, "/object_info"), asked, "three more requests within 10 s ask nothing")

        fake.behavior.promptReply = .text("busy", status: 503)
        let creator = try await InklingImageCreator(engine: engine, session: OutputSession(parent: parent))
        do {
            for try await _ in creator.events(for: try creator.prepare(concepts)) {}
            XCTFail("expected the 503")
        } catch ImageCreationError.engineFailed(let failure) {
            XCTAssertEqual(failure.kind, .unavailable, "\(failure)")
        }
        fake.behavior.promptReply = nil
        _ = try await InklingImageCreator(engine: engine, session: OutputSession(parent: parent))
        XCTAssertEqual(count(fake, "/object_info"), 2 * asked, "asked again after the engine was found unavailable")
    }
}
