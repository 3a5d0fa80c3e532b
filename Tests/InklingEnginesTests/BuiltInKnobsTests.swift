@testable import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingGuidance
import XCTest

/// The built-in painter reads the drawing whatever encoding the map is in, and says it has no
/// use for sampler settings.
final class BuiltInKnobsTests: XCTestCase {
    func testEncodingDoesNotChangeThePainting() async throws {
        let plain = EngineFixtures.conditioning(style: .sketch, size: PixelSize(width: 128, height: 96))
        for encoding in [SketchEncoding(.scribble, polarity: .blackOnWhite), SketchEncoding(.soft)] {
            var other = plain
            other.controls.encoding = encoding
            other.guidance = try GuidanceRenderer(options: GuidanceOptions(width: 128, height: 96, encoding: encoding.encoding, polarity: encoding.polarity))
                .render(EngineFixtures.house)
            let a = try await BuiltInEngine().generate(plain, variation: 0)
            let b = try await BuiltInEngine().generate(other, variation: 0)
            XCTAssertEqual(a.pixels, b.pixels, "\(encoding)")
        }
    }

    func testSamplerKnobsAreNoticed() {
        var c = EngineFixtures.conditioning(style: .sketch, size: PixelSize(width: 128, height: 96))
        XCTAssertEqual(BuiltInEngine().notices(for: c), [])
        c.sampling = SamplingOverrides(steps: 4, sampler: "euler")
        XCTAssertEqual(BuiltInEngine().notices(for: c), ["the builtin engine paints without a diffusion sampler: steps, sampler are not honoured"])
    }
}
