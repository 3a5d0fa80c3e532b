import InklingConditioning
import InklingEngines
import XCTest

/// Renders every style at 1024×1024 and writes PNGs when `INKLING_ENGINE_DUMP` is set (for
/// people to look at); otherwise only checks sizes.
final class GalleryTests: XCTestCase {
    func testGallery() async throws {
        guard ProcessInfo.processInfo.environment["INKLING_ENGINE_DUMP"] != nil else { throw XCTSkip("set INKLING_ENGINE_DUMP to write images") }
        let engine = BuiltInEngine()
        let size = PixelSize(width: 1024, height: 1024)
        for style in [Style.animation, .illustration, .sketch, .emoji] {
            for strength in [0.0, 0.5, 1.0] {
                let c = EngineFixtures.conditioning(style: style, size: size, strength: strength)
                let clock = ContinuousClock()
                let start = clock.now
                let image = try await engine.generate(c, variation: 0)
                print("\(style) strength \(strength): \(clock.now - start)")
                EngineFixtures.dump(image, "\(style)-\(strength)")
            }
        }
    }
}
