import Testing
@testable import InklingImageIO

/// Median-cut palette extraction.
@Suite("Colour palette")
struct PaletteTests {
    /// 10×10: rows 0–4 red, rows 5–7 green, rows 8–9 blue.
    static let flags: RasterImage = {
        var pixels: [UInt8] = []
        for y in 0..<10 {
            let color: [UInt8] = y < 5 ? [220, 20, 30] : y < 8 ? [10, 180, 40] : [30, 40, 200]
            for _ in 0..<10 { pixels += color }
        }
        return RasterImage(width: 10, height: 10, format: .rgb, pixels: pixels)
    }()

    @Test("three flat colours give those colours with their area shares")
    func threeColours() {
        let palette = ColorPalette.extract(from: Self.flags, count: 3)
        #expect(palette == [PaletteEntry(color: RGBA8(red: 220, green: 20, blue: 30), weight: 0.5),
                            PaletteEntry(color: RGBA8(red: 10, green: 180, blue: 40), weight: 0.3),
                            PaletteEntry(color: RGBA8(red: 30, green: 40, blue: 200), weight: 0.2)])
        // Asking for more colours than there are gives just those.
        #expect(ColorPalette.extract(from: Self.flags, count: 8) == palette)
        // One colour: the mean.
        let one = ColorPalette.extract(from: Self.flags, count: 1)
        #expect(one.count == 1 && one[0].weight == 1)
        #expect(one[0].color == RGBA8(red: 119, green: 72, blue: 67))
    }

    @Test("fully transparent pixels are ignored")
    func transparency() {
        var rgba = Self.flags.converted(to: .rgba)
        for x in 0..<10 { for y in 0..<5 { rgba.pixels[(y * 10 + x) * 4 + 3] = 0 } }  // hide the red
        let palette = ColorPalette.extract(from: rgba, count: 3)
        #expect(palette.map(\.color) == [RGBA8(red: 10, green: 180, blue: 40), RGBA8(red: 30, green: 40, blue: 200)])
        #expect(abs(palette[0].weight - 0.6) < 1e-12 && abs(palette[1].weight - 0.4) < 1e-12)
        #expect(ColorPalette.extract(from: RasterImage(width: 3, height: 3, format: .rgba), count: 4).isEmpty)
    }

    @Test("gray images and large images work; results are deterministic and weights sum to 1")
    func deterministic() {
        var generator = SplitMix(seed: 42)
        let noise = RasterImage(width: 700, height: 500, format: .rgb,
                                pixels: (0..<(700 * 500 * 3)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        let first = ColorPalette.extract(from: noise, count: 6)
        #expect(first.count == 6)
        #expect(first == ColorPalette.extract(from: noise, count: 6))
        #expect(abs(first.map(\.weight).reduce(0, +) - 1) < 1e-9)
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.weight >= $1.weight })
        let gray = ColorPalette.extract(from: JPEGFixtures.grayRamp(width: 31, height: 9), count: 2)
        #expect(gray.count == 2 && gray.allSatisfy { $0.color.red == $0.color.green && $0.color.green == $0.color.blue })
    }
}
