import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO
import XCTest

final class SourceImageTests: XCTestCase {
    let engine = BuiltInEngine()

    /// A 128×96 RGB checkerboard of 8 px squares, red and white.
    static let checkerboard: RasterImage = {
        var pixels: [UInt8] = []
        for y in 0..<96 { for x in 0..<128 {
            pixels += ((x / 8 + y / 8) % 2 == 0) ? [220, 30, 30] : [250, 250, 250]
        } }
        return RasterImage(width: 128, height: 96, format: .rgb, pixels: pixels)
    }()

    private func render(_ style: Style, personalization: Bool, sourceStrength: Double, source: RasterImage? = checkerboard,
                        strength: Double = 0.8) async throws -> RasterImage {
        var c = EngineFixtures.conditioning(style: style, strength: strength)
        c.source = source.map { SourceImage(image: $0, origin: "checkerboard") }
        c.personalization = personalization
        c.sourceStrength = sourceStrength
        return try await engine.generate(c, variation: 0)
    }

    /// Mean absolute difference between horizontally adjacent pixels: high for a reproduced
    /// checkerboard, low for a colour field.
    private func detail(_ image: RasterImage) -> Double {
        var total = 0
        for y in 0..<image.height { for x in 1..<image.width {
            for ch in 0..<3 { total += abs(Int(image[x, y][image[x, y].startIndex + ch]) - Int(image[x - 1, y][image[x - 1, y].startIndex + ch])) }
        } }
        return Double(total) / Double(image.height * (image.width - 1))
    }

    func testSourceChangesEveryStyle() async throws {
        for style in [Style.animation, .illustration, .sketch, .emoji] {
            let with = try await render(style, personalization: true, sourceStrength: 0.8)
            let without = try await render(style, personalization: true, sourceStrength: 0.8, source: nil)
            XCTAssertGreaterThan(EngineFixtures.meanDifference(with, without), 1, "\(style)")
            let again = try await render(style, personalization: true, sourceStrength: 0.8)
            XCTAssertTrue(with.pixels == again.pixels, "\(style) with a source is not deterministic")
        }
    }

    func testSourceStrengthZeroIgnoresTheSource() async throws {
        let with = try await render(.illustration, personalization: true, sourceStrength: 0)
        let without = try await render(.illustration, personalization: true, sourceStrength: 0.5, source: nil)
        XCTAssertTrue(with.pixels == without.pixels)
    }

    func testPersonalizationOffNeverReproducesTheSource() async throws {
        let reproduced = try await render(.animation, personalization: true, sourceStrength: 1, strength: 0)
        let colourField = try await render(.animation, personalization: false, sourceStrength: 1, strength: 0)
        let plain = try await render(.animation, personalization: false, sourceStrength: 1, source: nil, strength: 0)
        XCTAssertGreaterThan(detail(reproduced), detail(plain) + 5, "the checkerboard shows through with personalization")
        XCTAssertLessThan(detail(colourField), detail(plain) + 1.5, "the checkerboard must not show without personalization")
        XCTAssertGreaterThan(EngineFixtures.meanDifference(colourField, plain), 2, "its colours still count")
    }
}
