@testable import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO
import XCTest

final class BuiltInEngineTests: XCTestCase {
    let engine = BuiltInEngine()
    let painted: [Style] = [.animation, .illustration, .sketch, .emoji]

    func testIdentityCapabilitiesAvailability() async {
        XCTAssertEqual(engine.identifier, "builtin")
        XCTAssertEqual(engine.capabilities.sizes.first, PixelSize(width: 1024, height: 1024))
        XCTAssertEqual(engine.capabilities.styles, painted)
        XCTAssertTrue(engine.capabilities.languages.isSuperset(of: ["en", "de", "fr", "ja", "ko", "zh"]))
        let availability = await engine.availability()
        XCTAssertEqual(availability, .available)
    }

    func testDeterministic() async throws {
        for style in painted {
            let c = EngineFixtures.conditioning(style: style, strength: 0.6)
            let a = try await engine.generate(c, variation: 1)
            let b = try await engine.generate(c, variation: 1)
            XCTAssertTrue(a.pixels == b.pixels, "\(style) is not deterministic")
        }
    }

    func testSizeAndFormat() async throws {
        for style in painted {
            for size in [PixelSize(width: 192, height: 108), PixelSize(width: 96, height: 160)] {
                let image = try await engine.generate(EngineFixtures.conditioning(style: style, size: size), variation: 0)
                XCTAssertEqual(image.width, size.width)
                XCTAssertEqual(image.height, size.height)
                XCTAssertEqual(image.format, .rgba)
            }
        }
    }

    func testTinySizesDoNotTrap() async throws {
        for style in painted {
            for size in [PixelSize(width: 1, height: 1), PixelSize(width: 2, height: 3), PixelSize(width: 9, height: 4)] {
                for strength in [0.0, 1.0] {
                    let image = try await engine.generate(EngineFixtures.conditioning(style: style, size: size, strength: strength), variation: 3)
                    XCTAssertEqual(image.pixels.count, size.width * size.height * 4)
                }
            }
        }
    }

    func testEveryMotifAndGlyphPaints() async throws {
        let phrases = ["sunset", "night", "sea", "cherry blossom", "birthday", "snow", "autumn", "sky"]
        for phrase in phrases {
            for style in painted {
                let c = EngineFixtures.conditioning(style: style, size: PixelSize(width: 96, height: 96), drawing: nil,
                                                    phrases: [ConceptPhrase(phrase, weight: 1)])
                let image = try await engine.generate(c, variation: 0)
                XCTAssertEqual(image.width, 96, "\(phrase) \(style)")
            }
        }
    }

    func testOpaqueStylesAreOpaque() async throws {
        for style in [Style.animation, .illustration, .sketch] {
            let image = try await engine.generate(EngineFixtures.conditioning(style: style), variation: 0)
            XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }, "\(style)")
        }
    }

    func testEmojiIsASticker() async throws {
        for drawing in [EngineFixtures.house, nil] {
            for strength in [0.0, 0.5, 1.0] {
                let c = EngineFixtures.conditioning(style: .emoji, drawing: drawing, strength: strength)
                let image = try await engine.generate(c, variation: 0)
                let w = image.width, h = image.height
                for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
                    XCTAssertEqual(image[x, y].last, 0, "corner (\(x),\(y)) not transparent")
                }
                if drawing == nil || strength < 1 {
                    XCTAssertEqual(image[w / 2, h / 2].last, 255, "centre not opaque")
                }
                let opaque = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 200 }.count
                XCTAssertGreaterThan(Double(opaque) / Double(w * h), 0.2)
            }
        }
    }

    func testEmojiSet() async throws {
        let image = try await engine.generate(EngineFixtures.conditioning(style: .emoji, drawing: nil), variation: 0)
        let set = BuiltInEngine.emojiSet(from: image)
        XCTAssertEqual(set.map(\.width), [40, 64, 96, 160, 320])
        XCTAssertEqual(set.map(\.height), [40, 64, 96, 160, 320])
        for small in set {
            XCTAssertEqual(small.format, .rgba)
            XCTAssertEqual(small[0, 0].last, 0)
            XCTAssertEqual(small[small.width / 2, small.height / 2].last, 255)
        }
        // Area averaging of a flat opaque colour keeps it exactly.
        let flat = RasterImage(width: 7, height: 7, format: .rgba, pixels: [UInt8](repeating: 0, count: 196).enumerated().map { [200, 100, 50, 255][$0.offset % 4] })
        XCTAssertEqual(BuiltInEngine.emojiSet(from: flat, sizes: [3])[0].pixels, [UInt8](repeating: 0, count: 36).enumerated().map { [200, 100, 50, 255][$0.offset % 4] })
    }

    func testStrengthZeroEqualsNoDrawing() async throws {
        for style in painted {
            let withSketch = try await engine.generate(EngineFixtures.conditioning(style: style, strength: 0), variation: 2)
            let without = try await engine.generate(EngineFixtures.conditioning(style: style, drawing: nil, strength: 0.8), variation: 2)
            XCTAssertTrue(withSketch.pixels == without.pixels, "\(style) at strength 0 is influenced by the sketch")
        }
    }

    func testStrengthChangesThePicture() async throws {
        for style in painted {
            let low = try await engine.generate(EngineFixtures.conditioning(style: style, strength: 0.25), variation: 0)
            let high = try await engine.generate(EngineFixtures.conditioning(style: style, strength: 1), variation: 0)
            XCTAssertGreaterThan(EngineFixtures.meanDifference(low, high), 2, "\(style)")
        }
    }

    func testVariationsDiffer() async throws {
        for style in painted {
            let c = EngineFixtures.conditioning(style: style)
            var images: [RasterImage] = []
            for v in 0..<4 { images.append(try await engine.generate(c, variation: v)) }
            for i in 0..<4 { for j in (i + 1)..<4 {
                XCTAssertGreaterThan(EngineFixtures.meanDifference(images[i], images[j]), 3, "\(style) variations \(i) and \(j)")
            } }
        }
    }

    func testStylesDiffer() async throws {
        var images: [RasterImage] = []
        for style in painted { images.append(try await engine.generate(EngineFixtures.conditioning(style: style), variation: 0)) }
        for i in 0..<images.count { for j in (i + 1)..<images.count {
            XCTAssertGreaterThan(EngineFixtures.meanDifference(images[i], images[j]), 10, "\(painted[i]) vs \(painted[j])")
        } }
    }

    func testSeedChangesThePicture() async throws {
        let a = try await engine.generate(EngineFixtures.conditioning(style: .animation, seed: 1), variation: 0)
        let b = try await engine.generate(EngineFixtures.conditioning(style: .animation, seed: 2), variation: 0)
        XCTAssertGreaterThan(EngineFixtures.meanDifference(a, b), 1)
    }

    func testCancellationThrows() async {
        let c = EngineFixtures.conditioning(style: .illustration)
        let task = Task { () async throws -> RasterImage in
            while !Task.isCancelled { await Task.yield() }
            return try await BuiltInEngine().generate(c, variation: 0)
        }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testInvalidSizeThrows() async {
        let c = EngineFixtures.conditioning(style: .sketch, size: PixelSize(width: 0, height: 10), drawing: nil)
        do {
            _ = try await engine.generate(c, variation: 0)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? BuiltInEngineError, .invalidSize(width: 0, height: 10))
        }
    }
}
