import Foundation
import InklingConditioning
import InklingEngines
import InklingOutputs
import XCTest
@testable import Inkling

/// The default creator paints with the built-in engine; its outputs replay byte for byte.
final class BuiltInCreatorTests: XCTestCase {
    func testDefaultEngineRendersAndReplaysByteIdentically() async throws {
        let options = GenerationOptions(size: .closest(to: PixelSize(width: 500, height: 500)), seed: 11)
        let creator = try await InklingImageCreator(options: options)
        defer { creator.session.removeAll() }
        XCTAssertEqual(creator.engine.identifier, "builtin")
        var results: [GeneratedImage] = []
        for try await image in creator.images(for: [.text("a red fox in the snow"), .drawing(CreatorStreamingTests.drawing)],
                                              style: .animation, limit: 2) {
            results.append(image)
        }
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results[0].recipe.size, PixelSize(width: 512, height: 512))
        XCTAssertNotEqual(results[0].image, results[1].image, "variations differ")
        for result in results {
            let replayed = try await creator.replay(try Recipe.read(from: result.url))
            XCTAssertEqual(try replayed.pngBytes(), try result.pngBytes())
        }
    }

    func testAvailabilityOfTheBuiltInEngine() async {
        let report = await InklingImageCreator.availability()
        XCTAssertTrue(report.available)
        XCTAssertEqual(report.engine, "builtin")
        XCTAssertTrue(report.languages.contains("en"))
        XCTAssertEqual(Set(report.styles), [.animation, .illustration, .sketch, .emoji])
    }
}
