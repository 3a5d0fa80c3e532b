import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingOutputs
import InklingRemoteEngines
import XCTest
@testable import Inkling

/// The creator with an external engine (ComfyUI over loopback): results, the availability
/// facts, and nothing left behind when generation fails or is cancelled.
final class RemoteCreatorTests: XCTestCase {
    private func session() -> OutputSession {
        OutputSession(parent: FileManager.default.temporaryDirectory.appendingPathComponent("inkling-remote-tests-\(UUID().uuidString)"))
    }

    private func files(in session: OutputSession) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: session.directory.path)) ?? []
    }

    private func engine(_ fake: FakeComfyUI) -> ComfyUIEngine {
        var entry = EngineEntry(name: "comfyui", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                sizes: [PixelSize(width: 96, height: 80)], timeoutSeconds: 5, generationTimeoutSeconds: 10)
        entry.defaults.steps = 4
        return ComfyUIEngine(entry: entry)
    }

    private let concepts: [Concept] = [.text("a cosy house"), .drawing(CreatorStreamingTests.drawing)]

    func testStreamsImagesWithRecipesAndReportsAvailabilityFacts() async throws {
        let fake = try FakeComfyUI()
        let availability = await InklingImageCreator.availability(engine: engine(fake))
        XCTAssertTrue(availability.available, "\(availability.reasons)")
        XCTAssertEqual(availability.endpoint, fake.server.baseURL.absoluteString)
        XCTAssertEqual(availability.reachable, true)
        XCTAssertEqual(availability.models.map(\.present), [true, true, true, true, true], "checkpoint, ControlNet, sampler, scheduler, the size")
        XCTAssertEqual(availability.sizes, [PixelSize(width: 96, height: 80)])
        XCTAssertEqual(availability.languages, ["en"])

        let creator = try await InklingImageCreator(engine: engine(fake), options: GenerationOptions(seed: 3), session: session())
        defer { creator.session.removeAll() }
        XCTAssertEqual(try creator.notices(for: concepts), [])
        var variations: Set<Int> = []
        for try await image in creator.images(for: concepts, limit: 2) {
            variations.insert(image.recipe.variation)
            XCTAssertEqual(image.recipe.engine, "comfyui")
            XCTAssertEqual(try Recipe.read(from: image.url).seed, 3)
        }
        XCTAssertEqual(variations, [0, 1])
        XCTAssertEqual(fake.violations, [])
    }

    func testUnreachableEngineFailsAtCreation() async throws {
        let fake = try FakeComfyUI()
        let engine = engine(fake)
        fake.server.stop()
        do {
            _ = try await InklingImageCreator(engine: engine, session: session())
            XCTFail("expected unavailable")
        } catch {
            XCTAssertTrue(error.description.contains("image generation is unavailable right now: ComfyUI at"), error.description)
            XCTAssertTrue(error.description.contains("refused the connection"), error.description)
        }
        let availability = await InklingImageCreator.availability(engine: engine)
        XCTAssertEqual(availability.reachable, false)
        XCTAssertFalse(availability.available)
    }

    func testFailureMidRunLeavesNoFiles() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.executionError = "CUDA out of memory"
        let fake = try FakeComfyUI(behavior: behavior)
        let creator = try await InklingImageCreator(engine: engine(fake), session: session())
        do {
            for try await _ in creator.images(for: concepts, limit: 3) {}
            XCTFail("expected a failure")
        } catch let error as ImageCreationError {
            XCTAssertTrue(error.description.hasPrefix("image creation failed: ComfyUI at"), error.description)
            XCTAssertTrue(error.description.contains("node 9 (KSampler): CUDA out of memory"), error.description)
        }
        XCTAssertEqual(files(in: creator.session), [])
    }

    func testCancellationMidRunInterruptsAndLeavesNoFiles() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        let fake = try FakeComfyUI(behavior: behavior)
        let creator = try await InklingImageCreator(engine: engine(fake), session: session())
        let stream = creator.images(for: concepts, limit: 1)
        let consumer = Task { for try await _ in stream {} }
        let deadline = Date().addingTimeInterval(5)
        while fake.progressSent < 2 && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        creator.cancelAll()
        do {
            try await consumer.value
            XCTFail("expected cancellation")
        } catch {
            guard case .creationCancelled(let work)? = error as? ImageCreationError else { return XCTFail("\(error)") }
            XCTAssertEqual(work.count, 1, "\(work)")
            XCTAssertTrue(work.first?.hasPrefix("cancelled on ComfyUI at \(fake.server.baseURL.absoluteString): prompt ") == true, "\(work)")
            XCTAssertTrue(work.first?.hasSuffix(" interrupted while running (it stops after the sampler's current step); its history was deleted") == true, "\(work)")
        }
        XCTAssertEqual(fake.interrupts, 1)
        XCTAssertEqual(files(in: creator.session), [])
    }
}
