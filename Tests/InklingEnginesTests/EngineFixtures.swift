import Foundation
import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingImageIO
import InklingStrokes

/// Shared inputs for the built-in engine's tests.
enum EngineFixtures {
    /// The bundled tablet drawing of a house.
    static let house: Drawing = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Strokes/tablet-pen-house.json").standardized
        let data = try! Data(contentsOf: url)
        return try! StrokeJSONDecoder().decode(data)
    }()

    /// A conditioning for `drawing` (with its guidance map) or none.
    static func conditioning(
        style: Style, size: PixelSize = PixelSize(width: 256, height: 256), drawing: Drawing? = house,
        phrases: [ConceptPhrase] = [ConceptPhrase("sunset over the sea", weight: 1)],
        strength: Double = 0.8, mode: GuidanceMode = .balanced, seed: UInt64 = 7
    ) -> Conditioning {
        let guidance = drawing.map { try! GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height)).render($0) }
        return Conditioning(phrases: phrases, language: "en", style: style, size: size, drawing: drawing, guidance: guidance,
                            seed: seed, controls: GuidanceControls(strength: strength, start: 0, end: 1, mode: mode))
    }

    /// Mean absolute difference of two equally sized images' samples, `0 ... 255`.
    static func meanDifference(_ a: RasterImage, _ b: RasterImage) -> Double {
        precondition(a.pixels.count == b.pixels.count)
        var total = 0
        for i in a.pixels.indices { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(max(a.pixels.count, 1))
    }

    /// Writes `image` as a PNG under /tmp when `INKLING_ENGINE_DUMP` is set (for looking at).
    static func dump(_ image: RasterImage, _ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["INKLING_ENGINE_DUMP"] else { return }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? PNGFile.write(PNGDocument(image: image), to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
    }
}
