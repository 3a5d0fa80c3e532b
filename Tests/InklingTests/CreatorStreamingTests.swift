import Foundation
import InklingConditioning
import InklingImageIO
import InklingOutputs
import InklingStrokes
import XCTest
@testable import Inkling

/// Results stream in order of completion, cancellation cleans up, replay is byte-identical.
final class CreatorStreamingTests: XCTestCase {
    static let drawing = try! StrokeJSONDecoder().decode(Array(
        #"{"format":"inkling.drawing","version":1,"canvas":{"width":100,"height":80},"strokes":[{"points":[{"x":10,"y":10},{"x":90,"y":70},{"x":20,"y":60}]}]}"#.utf8))

    private func session() -> OutputSession {
        OutputSession(parent: FileManager.default.temporaryDirectory.appendingPathComponent("inkling-api-tests-\(UUID().uuidString)"))
    }

    private func files(in session: OutputSession) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: session.directory.path)) ?? []
    }

    func testYieldsLimitImagesInOrderOfCompletion() async throws {
        // Variation 0 is slow: with two at a time, variation 1 finishes first.
        let engine = StubEngine(delays: [0.4, 0, 0, 0])
        let creator = try await InklingImageCreator(engine: engine, options: GenerationOptions(seed: 7), session: session())
        var variations: [Int] = []
        for try await image in creator.images(for: [.text("a cosy house"), .drawing(Self.drawing)], style: .sketch, limit: 4) {
            variations.append(image.recipe.variation)
            XCTAssertTrue(FileManager.default.fileExists(atPath: image.url.path))
            XCTAssertEqual(try Recipe.read(from: image.url), image.recipe)
            XCTAssertEqual(image.recipe.style, .sketch)
            XCTAssertEqual(image.recipe.seed, 7)
            XCTAssertEqual(image.recipe.concepts, [.text("a cosy house"), .drawing])
            XCTAssertNotNil(image.recipe.drawing)
        }
        XCTAssertEqual(variations.count, 4)
        XCTAssertEqual(Set(variations), [0, 1, 2, 3])
        if ProcessInfo.processInfo.activeProcessorCount >= 2 { XCTAssertNotEqual(variations.first, 0, "the slow variation does not block the others") }
        XCTAssertEqual(files(in: creator.session).count, 4)
        creator.session.removeAll()
    }

    func testConsumerStoppingCancelsTheWorkAndRemovesTheFiles() async throws {
        let engine = StubEngine(delays: [0, 0.5, 0.5, 0.5])
        let creator = try await InklingImageCreator(engine: engine, session: session())
        var received: [GeneratedImage] = []
        for try await image in creator.images(for: [.text("a fox")], limit: 4) {
            received.append(image)
            break
        }
        XCTAssertEqual(received.count, 1)
        let kept = received[0].url.lastPathComponent
        for _ in 0..<50 where files(in: creator.session) != [kept] { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertEqual(files(in: creator.session), [kept],
                       "the files nobody received are removed; the one the consumer got stays for it to move")
    }

    func testCancellingTheConsumingTaskStopsTheWork() async throws {
        let engine = StubEngine(delays: [0.3, 0.3, 60, 60])
        let creator = try await InklingImageCreator(engine: engine, session: session())
        let consumer = Task {
            var count = 0
            for try await _ in creator.images(for: [.text("a fox")], limit: 4) { count += 1 }
            return count
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        consumer.cancel()
        let start = Date()
        _ = try? await consumer.value
        for _ in 0..<500 where !files(in: creator.session).isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "the 60-second variations were cancelled")
        XCTAssertEqual(files(in: creator.session), [])
    }

    func testCancelAllGivesTheWaitingConsumerCreationCancelled() async throws {
        let engine = StubEngine(delays: [0, 5, 5, 5])
        let creator = try await InklingImageCreator(engine: engine, session: session())
        var received = 0
        do {
            for try await _ in creator.images(for: [.text("a fox")], limit: 4) {
                received += 1
                creator.cancelAll()
            }
            XCTFail("expected creationCancelled")
        } catch {
            XCTAssertEqual(error as? ImageCreationError, .creationCancelled())
        }
        XCTAssertEqual(received, 1)
        XCTAssertEqual(files(in: creator.session).count, 1, "only the delivered file stays; the unfinished ones are removed")
    }

    func testReplayIsByteIdentical() async throws {
        let source = SourceImage(image: RasterImage(width: 20, height: 20, format: .rgb, filledWith: 99), origin: "photo.png")
        let creator = try await InklingImageCreator(engine: StubEngine(), options: GenerationOptions(seed: 42), session: session())
        var originals: [GeneratedImage] = []
        for try await image in creator.images(for: [.extracted(from: "A long note about a red barn in the snow. The barn is old.", title: "Barn"),
                                                    .image(source), .drawing(Self.drawing)], limit: 2) {
            originals.append(image)
        }
        XCTAssertEqual(originals.count, 2)
        XCTAssertFalse(originals[0].recipe.phrases.isEmpty)
        for original in originals {
            let recipe = try Recipe.read(from: original.url)
            let again = try await creator.replay(recipe)
            XCTAssertEqual(try again.pngBytes(), try original.pngBytes(), "variation \(recipe.variation)")
            XCTAssertNotEqual(again.url, original.url)
        }
        XCTAssertNotEqual(try originals[0].pngBytes(), try originals[1].pngBytes(), "variations differ")
        creator.session.removeAll()
    }

    func testReplayWithoutEmbeddedSourceIsAClearError() async throws {
        let source = SourceImage(image: RasterImage(width: 20, height: 20, format: .rgb, filledWith: 99), origin: "photo.png")
        let creator = try await InklingImageCreator(engine: StubEngine(), embedsSourceImage: false, session: session())
        var result: GeneratedImage?
        for try await image in creator.images(for: [.text("a fox"), .image(source)]) { result = image }
        let recipe = try Recipe.read(from: try XCTUnwrap(result).url)
        do {
            _ = try await creator.replay(recipe)
            XCTFail("expected sourceNotEmbedded")
        } catch {
            XCTAssertEqual(error as? RecipeError, .sourceNotEmbedded)
        }
        var other = recipe
        other.engine = "comfyui"
        do {
            _ = try await creator.replay(other)
            XCTFail("expected notSupported")
        } catch {
            guard case .notSupported = error as? ImageCreationError else { return XCTFail("\(error)") }
        }
        creator.session.removeAll()
    }
}
