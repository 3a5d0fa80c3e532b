import Foundation
import InklingConditioning
import InklingEngines
import InklingOutputs
import XCTest
@testable import Inkling

/// Requests are validated before any work, with the error cases of `ImageCreator.Error`.
final class CreatorValidationTests: XCTestCase {
    private func firstError(_ stream: AsyncThrowingStream<GeneratedImageAlias, Error>) async -> Error? {
        do {
            for try await _ in stream {}
            return nil
        } catch {
            return error
        }
    }

    func testLimitMustBeOneToFour() async throws {
        let creator = try await InklingImageCreator(engine: StubEngine())
        for limit in [0, 5, 7, -1] {
            let error = await firstError(creator.images(for: [.text("a fox")], limit: limit))
            XCTAssertEqual(error as? ImageCreationError, .invalidLimit(limit))
        }
        XCTAssertEqual(ImageCreationError.invalidLimit(7).description, "limit must be 1…4, got 7")
    }

    func testStyleOutsideTheAllowedOnesIsAnError() async throws {
        let creator = try await InklingImageCreator(engine: StubEngine(), options: GenerationOptions(allowedStyles: [.sketch], defaultStyle: .sketch))
        let error = await firstError(creator.images(for: [.text("a fox")], style: .animation))
        XCTAssertEqual(error as? ImageCreationError, .styleNotAllowed(requested: "animation", allowed: ["sketch"]))
        let fromText = await firstError(creator.images(for: [.text("a fox in a watercolor style")]))
        XCTAssertEqual(fromText as? ImageCreationError, .styleNotAllowed(requested: "illustration", allowed: ["sketch"]))
        XCTAssertEqual(creator.availableStyles, [.sketch])
    }

    func testStyleAskedForInTextIsApplied() async throws {
        let creator = try await InklingImageCreator(engine: StubEngine())
        var styles: [Style] = []
        for try await image in creator.images(for: [.text("a lighthouse as a pencil sketch")]) { styles.append(image.recipe.style) }
        XCTAssertEqual(styles, [.sketch])
        creator.session.removeAll()
    }

    func testUnsupportedLanguage() async throws {
        let creator = try await InklingImageCreator(engine: StubEngine())
        let error = await firstError(creator.images(for: [.text("桜の木の下にある小さな家")]))
        XCTAssertEqual(error as? ImageCreationError, .unsupportedLanguage(detected: "ja", supported: ["en"]))
        XCTAssertTrue("\(error!)".contains("one of: en"))
    }

    func testEmptyConcepts() async throws {
        let creator = try await InklingImageCreator(engine: StubEngine())
        let error = await firstError(creator.images(for: [.text("   ")]))
        XCTAssertEqual(error as? ImageCreationError, .conceptsEmpty)
        let none = await firstError(creator.images(for: []))
        XCTAssertEqual(none as? ImageCreationError, .conceptsEmpty)
    }

    func testTinySourceImageIsUnsupported() async throws {
        let creator = try await InklingImageCreator(engine: StubEngine())
        let tiny = SourceImage(image: .init(width: 4, height: 4, format: .rgb), origin: "tiny.png")
        let error = await firstError(creator.images(for: [.text("a fox"), .image(tiny)]))
        guard case .unsupportedInputImage(let why) = error as? ImageCreationError else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(why.contains("tiny.png") && why.contains("too small"), why)
    }

    func testAvailabilityErrors() async throws {
        do {
            _ = try await InklingImageCreator(engine: StubEngine(state: .unavailable(reason: "server at localhost:8188 is not answering")))
            XCTFail("expected unavailable")
        } catch {
            XCTAssertEqual(error, .unavailable(reason: "server at localhost:8188 is not answering"))
        }
        do {
            _ = try await InklingImageCreator(engine: StubEngine(state: .notSupported(reason: "no GPU")))
            XCTFail("expected notSupported")
        } catch {
            XCTAssertEqual(error, .notSupported(reason: "no GPU"))
        }
        let report = await InklingImageCreator.availability(engine: StubEngine(state: .unavailable(reason: "disabled in configuration")))
        XCTAssertFalse(report.available)
        XCTAssertEqual(report.reasons, ["unavailable: disabled in configuration"])
        XCTAssertEqual(report.engine, "stub")
        XCTAssertEqual(report.languages, ["en"])
        XCTAssertEqual(report.sizes.first, PixelSize(width: 64, height: 48))
        let ok = await InklingImageCreator.availability(engine: StubEngine())
        XCTAssertTrue(ok.available)
        XCTAssertEqual(ok.reasons, [])
    }

    func testOptionsOutOfRange() async {
        do {
            _ = try await InklingImageCreator(engine: StubEngine(), options: GenerationOptions(guidance: GuidanceControls(strength: 1.5)))
            XCTFail("expected invalidOption")
        } catch {
            guard case .invalidOption(let why) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("strength") && why.contains("1.5"), why)
        }
    }

    func testEveryErrorDescriptionIsOneLine() {
        let all: [ImageCreationError] = [
            .notSupported(reason: "r"), .unavailable(reason: "r"), .creationCancelled(), .unsupportedLanguage(detected: "ja", supported: ["en"]),
            .unsupportedInputImage("x"), .creationFailed(reason: "x"), .invalidLimit(0), .styleNotAllowed(requested: "a", allowed: ["b"]),
            .invalidOption("x"), .conceptsEmpty, .outputFailed("x"),
        ]
        for error in all { XCTAssertFalse(error.description.contains("\n")) }
    }
}

typealias GeneratedImageAlias = GeneratedImage
