@testable import InklingBuiltInEngine
import Foundation
import InklingComparison
import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingImageIO
import InklingStrokes
import XCTest

/// Measured prompt adherence of the built-in engine (issue 40): a table of (drawing from
/// `Strokes/`, prompt, style, check) whose figures are printed and listed, with their
/// thresholds, in `docs/builtin-engine.md`.
///
/// Checks (colours compared with CIEDE2000, ``ColorDifference/ciede2000(_:_:)``):
/// - `share(colour, min)`: the share of the painted region pixels (the regions the drawing
///   encloses) within ΔE00 < ``near`` of the named colour is at least `min`.
/// - `sun(colour)`: at least half of the sun region's pixels lie within ΔE00 < ``near`` of it.
/// - `daySky` / `nightSky`: the top 10% of rows average blue-ish (b* below −8, L* above 55) /
///   dark (L* below 30).
/// - `seaGround`: the bottom 10% of rows average blue-ish (b* below −8).
/// - `mark(colour)`: at least 0.1% of the image lies within ΔE00 < ``near`` of the colour, its
///   centre in the upper 60% (a mark in the sky).
final class PromptAdherenceTests: XCTestCase {
    /// How close to a named colour a pixel must be to count as that colour (ΔE00).
    static let near = 20.0

    enum Check {
        case share(UInt32, Double)
        case sun(UInt32)
        case daySky, nightSky, seaGround
        case mark(UInt32)
    }

    struct Row {
        var drawing: String
        var prompt: String
        var language: String
        var style: Style
        var checks: [Check]
    }

    static let yellow: UInt32 = 0xF5C518, sun: UInt32 = 0xFFC83D, moon: UInt32 = 0xF2E6A8, blue: UInt32 = 0x2F6FD6
    static let red: UInt32 = 0xD93A36, pink: UInt32 = 0xF4A6C0, green: UInt32 = 0x3FA34D

    static let table: [Row] = [
        Row(drawing: "tablet-pen-house", prompt: "a cosy house under a spring sky with cherry blossoms", language: "en", style: .animation,
            checks: [.sun(sun), .daySky, .share(pink, 0.15)]),
        Row(drawing: "tablet-pen-house", prompt: "a cosy house under a spring sky with cherry blossoms", language: "en", style: .illustration,
            checks: [.sun(sun), .daySky]),
        Row(drawing: "tablet-pen-house", prompt: "a house at night", language: "en", style: .animation,
            checks: [.sun(moon), .nightSky]),
        Row(drawing: "tablet-pen-house", prompt: "a red barn in the snow", language: "en", style: .animation, checks: [.share(red, 0.3)]),
        Row(drawing: "tablet-pen-house", prompt: "赤い屋根の家", language: "ja", style: .animation, checks: [.share(red, 0.1)]),
        Row(drawing: "tablet-pen-house", prompt: "a house by the sea", language: "en", style: .animation, checks: [.seaGround]),
        Row(drawing: "touch-flower", prompt: "a sunflower in a blue vase", language: "en", style: .animation,
            checks: [.share(yellow, 0.4), .share(blue, 0.03), .daySky]),
        Row(drawing: "touch-flower", prompt: "gelbe Blume", language: "de", style: .animation, checks: [.share(yellow, 0.4)]),
        Row(drawing: "touch-flower", prompt: "une fleur bleue", language: "fr", style: .illustration, checks: [.share(blue, 0.3)]),
        Row(drawing: "mouse-doodle", prompt: "a green star", language: "en", style: .animation, checks: [.share(green, 0.35)]),
        Row(drawing: "single-tap", prompt: "a red kite", language: "en", style: .illustration, checks: [.mark(red), .daySky]),
        Row(drawing: "single-tap", prompt: "a red kite", language: "en", style: .animation, checks: [.mark(red), .daySky]),
    ]

    func testPromptAdherenceTable() async throws {
        let engine = BuiltInEngine()
        var report: [String] = [], failures: [String] = []
        for row in Self.table {
            let drawing = try Self.drawing(row.drawing)
            let size = row.drawing == "touch-flower" ? PixelSize(width: 384, height: 832) : PixelSize(width: 512, height: 384)
            let map = try GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height)).render(drawing)
            let c = Conditioning(phrases: [ConceptPhrase(row.prompt, weight: 1)], language: row.language, style: row.style, size: size,
                                 drawing: drawing, guidance: map, seed: 42)
            let image = try await engine.generate(c, variation: 0)
            let ctx = try PaintContext.make(c, variation: 0)
            for check in row.checks {
                let (figure, pass, text) = Self.measure(check, image: image, ctx: ctx)
                report.append("\(row.drawing) | \(row.prompt) | \(row.style.rawValue) | \(text) | \(String(format: "%.3f", figure))")
                if !pass { failures.append("\(row.drawing) \"\(row.prompt)\" \(row.style.rawValue): \(text) measured \(figure)") }
            }
        }
        print("Prompt adherence (drawing | prompt | style | check | figure):\n" + report.joined(separator: "\n"))
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
    }

    /// The figure a check measures, whether it passes, and the check in words.
    static func measure(_ check: Check, image: RasterImage, ctx: PaintContext) -> (Double, Bool, String) {
        let w = image.width, h = image.height
        func lab(_ i: Int) -> CIELab { CIELab(red: image.pixels[i * 4], green: image.pixels[i * 4 + 1], blue: image.pixels[i * 4 + 2]) }
        func close(_ i: Int, _ hex: UInt32) -> Bool {
            ColorDifference.ciede2000(lab(i), CIELab(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))) < near
        }
        func band(_ rows: Range<Int>) -> CIELab {
            var r = 0.0, g = 0.0, b = 0.0, n = 0.0
            for y in rows { for x in 0..<w { let i = (y * w + x) * 4; r += Double(image.pixels[i]); g += Double(image.pixels[i + 1]); b += Double(image.pixels[i + 2]); n += 1 } }
            return CIELab(red: UInt8(r / n), green: UInt8(g / n), blue: UInt8(b / n))
        }
        let hexText = { (hex: UInt32) in String(format: "#%06X", hex) }
        switch check {
        case .share(let hex, let minimum):
            let painted = ctx.regions.labels.indices.filter { ctx.regions.labels[$0] != 0 }
            let share = painted.isEmpty ? 0 : Double(painted.filter { close($0, hex) }.count) / Double(painted.count)
            return (share, share >= minimum, "share of painted regions within ΔE00 < \(Int(near)) of \(hexText(hex)) ≥ \(minimum)")
        case .sun(let hex):
            guard let label = ctx.coloring.sunLabel else { return (0, false, "a sun region exists and is \(hexText(hex))-ish") }
            let pixels = ctx.regions.labels.indices.filter { ctx.regions.labels[$0] == label }
            let share = Double(pixels.filter { close($0, hex) }.count) / Double(max(pixels.count, 1))
            return (share, share >= 0.5, "share of the sun region within ΔE00 < \(Int(near)) of \(hexText(hex)) ≥ 0.5")
        case .daySky:
            let top = band(0..<max(1, h / 10))
            return (top.b, top.b < -8 && top.l > 55, "top 10% mean b* < −8 and L* > 55 (b* shown; L* \(Int(top.l)))")
        case .nightSky:
            let top = band(0..<max(1, h / 10))
            return (top.l, top.l < 30, "top 10% mean L* < 30")
        case .seaGround:
            let bottom = band((h - max(1, h / 10))..<h)
            return (bottom.b, bottom.b < -8, "bottom 10% mean b* < −8")
        case .mark(let hex):
            var count = 0, sumY = 0
            for i in 0..<(w * h) where close(i, hex) { count += 1; sumY += i / w }
            let share = Double(count) / Double(w * h)
            let centre = count == 0 ? 1 : Double(sumY) / Double(count) / Double(h)
            return (share, share >= 0.001 && centre < 0.6,
                    "share of the image within ΔE00 < \(Int(near)) of \(hexText(hex)) ≥ 0.001, centred above 0.6 h (centre \(String(format: "%.2f", centre)))")
        }
    }

    static func drawing(_ name: String) throws -> Drawing {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try Data(contentsOf: root.appendingPathComponent("Strokes/\(name).json"))
        return try StrokeJSONDecoder().decode([UInt8](bytes))
    }

    /// Reading a prompt: colour words bind to the thing they qualify, in either word order.
    func testColourWordsBindToTheirThings() {
        func bound(_ text: String, _ language: String) -> [String: PaletteColor?] {
            let r = PromptReading(phrases: [ConceptPhrase(text, weight: 1)], title: nil, language: language)
            return Dictionary(r.things.filter(\.named).map { ($0.entry.name, $0.color) }, uniquingKeysWith: { a, _ in a })
        }
        let blue = ColorLexicon.color(in: "blue"), red = ColorLexicon.color(in: "red"), yellow = ColorLexicon.color(in: "yellow")
        XCTAssertEqual(bound("a sunflower in a blue vase", "en"), ["vase": blue])
        XCTAssertEqual(bound("gelbe Blume", "de"), ["flower": yellow])
        XCTAssertEqual(bound("赤い屋根", "ja"), ["roof": red])
        XCTAssertEqual(bound("une maison rouge", "fr"), ["building or body": red])
        XCTAssertEqual(bound("a red kite", "en"), [:])
        let night = PromptReading(phrases: [ConceptPhrase("a house under the moon", weight: 1)], title: nil, language: "en")
        XCTAssertTrue(night.isNight)
        XCTAssertEqual(night.sky, ObjectLexicon.nightSky)
        // Only the first 1,000 characters of a phrase are read (a huge prompt stays cheap).
        let long = String(repeating: "la ", count: 400) + "a red roof"
        XCTAssertTrue(PromptReading(phrases: [ConceptPhrase(long, weight: 1)], title: nil, language: "en").colors.isEmpty)
        XCTAssertEqual(PromptReading(phrases: [ConceptPhrase(String(long.suffix(40)), weight: 1)], title: nil, language: "en").colors.count, 1)
        // 花 inside 花瓶 is the vase, not a flower.
        XCTAssertEqual(PromptReading(phrases: [ConceptPhrase("青い花瓶", weight: 1)], title: nil, language: "ja").things.map(\.entry.name), ["vase"])
    }
}
