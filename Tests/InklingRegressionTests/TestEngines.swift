import Foundation
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO

/// The built-in engine with a deliberate small change: in every 64 × 64 region, the first opaque
/// pixel of the region's centre row has the lowest bit of its red sample flipped. This is the
/// kind of drift a regression suite exists to catch.
struct PerturbedEngine: ImageEngine {
    /// Side of the square regions, in pixels.
    static let region = 64
    let base = BuiltInEngine()

    var identifier: String { base.identifier }
    var capabilities: EngineCapabilities { base.capabilities }
    func availability() async -> EngineAvailability { await base.availability() }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        var image = try await base.generate(conditioning, variation: variation)
        _ = Self.perturb(&image)
        return image
    }

    /// Flips one pixel per region in place; returns how many pixels changed.
    static func perturb(_ image: inout RasterImage) -> Int {
        let channels = image.format.channels
        var changed = 0
        for top in stride(from: 0, to: image.height, by: region) {
            for left in stride(from: 0, to: image.width, by: region) {
                let y = min(image.height - 1, top + region / 2)
                for x in left..<min(image.width, left + region) {
                    let i = (y * image.width + x) * channels
                    if image.format.hasAlpha && image.pixels[i + channels - 1] != 255 { continue }
                    image.pixels[i] ^= 1
                    changed += 1
                    break
                }
            }
        }
        return changed
    }
}

/// A fast test engine: a 64 × 64 image whose colours follow the seed, variation and a
/// `shift` (to simulate an engine that changed), with the guidance map in green.
struct SwatchEngine: ImageEngine {
    var shift: UInt8 = 0
    var identifier: String { "swatch" }
    var capabilities: EngineCapabilities {
        EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 64, height: 64)], styles: [.animation, .illustration, .sketch, .emoji])
    }
    func availability() async -> EngineAvailability { .available }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        let size = conditioning.size
        var image = RasterImage(width: size.width, height: size.height, format: .rgb)
        let base = UInt8(truncatingIfNeeded: conditioning.seed &* 37 &+ UInt64(variation) &* 91) &+ shift
        for i in 0..<(size.width * size.height) {
            image.pixels[3 * i] = base &+ UInt8(truncatingIfNeeded: i % size.width * 2)
            image.pixels[3 * i + 1] = conditioning.guidance?.image.pixels[i] ?? 0
            image.pixels[3 * i + 2] = UInt8(truncatingIfNeeded: i / size.width * 3)
        }
        return image
    }
}
