import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO

/// A test engine: deterministic pixels from the seed, variation and guidance map, an optional
/// delay per variation (to exercise ordering and cancellation), configurable availability.
struct StubEngine: ImageEngine {
    var identifier = "stub"
    var capabilities = EngineCapabilities(
        languages: ["en"], sizes: [PixelSize(width: 64, height: 48), PixelSize(width: 48, height: 48)],
        styles: [.animation, .illustration, .sketch, .emoji])
    var state: EngineAvailability = .available
    /// Seconds variation `v` takes: `delays[v]` (0 when absent).
    var delays: [Double] = []

    func availability() async -> EngineAvailability { state }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        let delay = variation < delays.count ? delays[variation] : 0
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
        try Task.checkCancellation()
        let size = conditioning.size
        var image = RasterImage(width: size.width, height: size.height, format: .rgb)
        let base = UInt8(truncatingIfNeeded: conditioning.seed &* 31 &+ UInt64(variation) &* 77)
        for i in 0..<size.width * size.height {
            let guide = conditioning.guidance?.image.pixels[i] ?? 0
            image.pixels[3 * i] = base &+ UInt8(truncatingIfNeeded: i)
            image.pixels[3 * i + 1] = guide
            image.pixels[3 * i + 2] = UInt8(truncatingIfNeeded: conditioning.phrases.count * 40 + Int(conditioning.controls.strength * 100))
        }
        if let source = conditioning.source { image.pixels[0] = source.image.pixels[0] }
        return image
    }
}
