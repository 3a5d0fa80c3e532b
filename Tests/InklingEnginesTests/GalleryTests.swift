import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO
import XCTest

/// Renders every style at 1024×1024 and writes PNGs when `INKLING_ENGINE_DUMP` is set (for
/// people to look at), printing the time of each.
final class GalleryTests: XCTestCase {
    func testGallery() async throws {
        guard ProcessInfo.processInfo.environment["INKLING_ENGINE_DUMP"] != nil else { throw XCTSkip("set INKLING_ENGINE_DUMP to write images") }
        let engine = BuiltInEngine()
        let size = PixelSize(width: 1024, height: 1024)
        let cases: [(String, [ConceptPhrase], Bool, Double, Int)] = [
            ("sunset", [ConceptPhrase("sunset over the sea", weight: 1)], true, 1, 0),
            ("sunset-v1", [ConceptPhrase("sunset over the sea", weight: 1)], true, 1, 1),
            ("sunset-s05", [ConceptPhrase("sunset over the sea", weight: 1)], true, 0.5, 0),
            ("night", [ConceptPhrase("snowy night", weight: 0.6), ConceptPhrase("blue house", weight: 0.4)], true, 0.8, 0),
            ("blossom", [ConceptPhrase("桜", weight: 1)], true, 0.9, 2),
            ("birthday-nodrawing", [ConceptPhrase("birthday party", weight: 1)], false, 1, 0),
        ]
        for style in [Style.animation, .illustration, .sketch, .emoji] {
            for (name, phrases, withDrawing, strength, variation) in cases {
                let c = EngineFixtures.conditioning(style: style, size: size, drawing: withDrawing ? EngineFixtures.house : nil,
                                                    phrases: phrases, strength: strength)
                let clock = ContinuousClock()
                let start = clock.now
                let image = try await engine.generate(c, variation: variation)
                print("\(style) \(name): \(clock.now - start)")
                EngineFixtures.dump(image, "\(style)-\(name)")
            }
        }
    }
}

/// A strength ladder and a wide size, written when `INKLING_ENGINE_DUMP` is set.
final class GalleryLadderTests: XCTestCase {
    func testLadder() async throws {
        guard ProcessInfo.processInfo.environment["INKLING_ENGINE_DUMP"] != nil else { throw XCTSkip("set INKLING_ENGINE_DUMP to write images") }
        let engine = BuiltInEngine()
        for style in [Style.animation, .illustration, .sketch, .emoji] {
            for strength in [0.25, 0.5, 0.75] {
                let c = EngineFixtures.conditioning(style: style, size: PixelSize(width: 512, height: 512),
                                                    phrases: [ConceptPhrase("spring garden", weight: 1)], strength: strength)
                EngineFixtures.dump(try await engine.generate(c, variation: 0), "ladder-\(style)-\(strength)")
            }
            let wide = EngineFixtures.conditioning(style: style, size: PixelSize(width: 1280, height: 720),
                                                   phrases: [ConceptPhrase("autumn forest", weight: 1)], strength: 0.9)
            EngineFixtures.dump(try await engine.generate(wide, variation: 1), "wide-\(style)")
        }
    }
}

/// Source-image underpainting, with and without personalization, written when
/// `INKLING_ENGINE_DUMP` is set.
final class GallerySourceTests: XCTestCase {
    func testSource() async throws {
        guard let dir = ProcessInfo.processInfo.environment["INKLING_ENGINE_DUMP"],
              let photo = try? PNGFile.read(from: URL(fileURLWithPath: dir).appendingPathComponent("source.png")).image
        else { throw XCTSkip("set INKLING_ENGINE_DUMP to a folder holding source.png") }
        let engine = BuiltInEngine()
        for style in [Style.animation, .illustration, .sketch, .emoji] {
            for personalization in [true, false] {
                var c = EngineFixtures.conditioning(style: style, size: PixelSize(width: 512, height: 512), strength: 0.9)
                c.source = SourceImage(image: photo)
                c.personalization = personalization
                c.sourceStrength = 0.6
                EngineFixtures.dump(try await engine.generate(c, variation: 0), "source-\(style)-\(personalization)")
            }
        }
    }
}
