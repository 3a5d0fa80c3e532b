import Testing
@testable import InklingImageIO

/// Format conversion, resampling and transformed drawing.
@Suite("Image operations")
struct ImageOperationsTests {
    @Test("gray ↔ RGB and Rec. 601 luma")
    func grayAndRGB() {
        let gray = RasterImage(width: 2, height: 1, format: .gray, pixels: [10, 200])
        let rgb = gray.converted(to: .rgb)
        #expect(rgb.pixels == [10, 10, 10, 200, 200, 200])
        #expect(rgb.converted(to: .gray) == gray)
        let red = RasterImage(width: 1, height: 1, format: .rgb, pixels: [255, 0, 0])
        #expect(red.converted(to: .gray).pixels == [76])   // 0.299 × 255 = 76.2
        #expect(red.converted(to: .rgba).pixels == [255, 0, 0, 255])
        #expect(gray.converted(to: .grayAlpha).pixels == [10, 255, 200, 255])
    }

    @Test("removing alpha drops it, or composites straight alpha over a background")
    func alpha() {
        let image = RasterImage(width: 3, height: 1, format: .rgba,
                                pixels: [200, 0, 0, 0, 200, 0, 0, 255, 200, 0, 0, 128])
        #expect(image.converted(to: .rgb).pixels == [200, 0, 0, 200, 0, 0, 200, 0, 0])
        let white = image.converted(to: .rgb, background: .white)
        #expect(white.pixels == [255, 255, 255, 200, 0, 0, 227, 127, 127])
        #expect(image.composited(over: .white) == white)
        let stillRGBA = image.converted(to: .rgba, background: .black)
        #expect(stillRGBA.pixels == [0, 0, 0, 255, 200, 0, 0, 255, 100, 0, 0, 255])
        let grayAlpha = RasterImage(width: 1, height: 1, format: .grayAlpha, pixels: [0, 0])
        #expect(grayAlpha.composited(over: RGBA8(red: 90, green: 90, blue: 90)).pixels == [90])
    }

    @Test("a constant image stays constant when shrunk or enlarged",
          arguments: [(10, 7), (80, 50), (37, 23), (1, 1), (100, 3)])
    func constant(size: (Int, Int)) {
        let image = RasterImage(width: 37, height: 23, format: .rgb, filledWith: 173)
        let resized = image.resampled(width: size.0, height: size.1)
        #expect(resized.width == size.0 && resized.height == size.1)
        #expect(resized.pixels.allSatisfy { $0 == 173 })
    }

    @Test("a 2×2 checker shrinks to its mean")
    func checker() {
        let checker = RasterImage(width: 2, height: 2, format: .gray, pixels: [0, 255, 255, 0])
        #expect(checker.resampled(width: 1, height: 1).pixels == [128])
        // A 4×4 of 2×2 checkers becomes flat.
        let tiled = RasterImage(width: 4, height: 4, format: .gray,
                                pixels: (0..<16).map { ($0 / 4 + $0 % 4) % 2 == 0 ? 0 : 200 })
        #expect(tiled.resampled(width: 2, height: 2).pixels == [100, 100, 100, 100])
        // Area averaging with fractional coverage: 3 → 2 pixels.
        let ramp = RasterImage(width: 3, height: 1, format: .gray, pixels: [0, 90, 180])
        #expect(ramp.resampled(width: 2, height: 1).pixels == [30, 150])
    }

    @Test("enlarging interpolates between pixel centres")
    func bilinear() {
        let pair = RasterImage(width: 2, height: 1, format: .gray, pixels: [0, 255])
        #expect(pair.resampled(width: 4, height: 1).pixels == [0, 64, 191, 255])
    }

    @Test("transparent pixels do not bleed their colour")
    func premultiplied() {
        let image = RasterImage(width: 2, height: 1, format: .rgba, pixels: [255, 0, 0, 0, 0, 0, 255, 255])
        #expect(image.resampled(width: 1, height: 1).pixels == [0, 0, 255, 128])
    }

    @Test("resampling is deterministic")
    func deterministic() {
        let image = JPEGFixtures.gradient(width: 33, height: 17)
        #expect(image.resampled(width: 20, height: 40) == image.resampled(width: 20, height: 40))
    }

    @Test("transforms invert, concatenate and fit")
    func transforms() throws {
        let t = PixelTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 4, ty: -7)
        let inverse = try #require(t.inverted)
        let p = inverse.apply(x: 5, y: 9)
        let back = t.apply(x: p.x, y: p.y)
        #expect(abs(back.x - 5) < 1e-9 && abs(back.y - 9) < 1e-9)
        let both = t.concatenating(after: inverse)
        #expect(abs(both.a - 1) < 1e-9 && abs(both.b) < 1e-9 && abs(both.tx) < 1e-9)
        #expect(PixelTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted == nil)
        let fit = PixelTransform.fitting(sourceWidth: 200, sourceHeight: 100, into: 100, height: 100)
        #expect(fit == PixelTransform(scaleX: 0.5, scaleY: 0.5, translateX: 0, translateY: 25))
    }

    @Test("identity drawing reproduces the image; translation moves a marked pixel")
    func placement() {
        var pixels = [UInt8](repeating: 0, count: 5 * 4 * 3)
        pixels[(1 * 5 + 2) * 3] = 250   // red at (2, 1)
        let image = RasterImage(width: 5, height: 4, format: .rgb, pixels: pixels)
        #expect(image.drawn(into: 5, height: 4, transform: .identity, background: .white) == image)
        let moved = image.drawn(into: 10, height: 8, transform: PixelTransform(scaleX: 1, scaleY: 1, translateX: 3, translateY: 2),
                                background: .white)
        #expect(moved.format == .rgb)
        #expect(Array(moved[5, 3]) == [250, 0, 0])
        #expect(Array(moved[4, 3]) == [0, 0, 0])
        #expect(Array(moved[0, 0]) == [255, 255, 255] && Array(moved[8, 6]) == [255, 255, 255])
        // Doubled: source pixel (2, 1) covers canvas [4, 6) × [2, 4); its centre (5, 3) is exact.
        let doubled = image.drawn(into: 10, height: 8, transform: PixelTransform(scaleX: 2, scaleY: 2), background: .black)
        #expect(Array(doubled[4, 2])[0] > 100 && Array(doubled[5, 3])[0] > 100)
    }

    @Test("a transparent background gives RGBA; the source composites over it")
    func transparentCanvas() {
        let image = RasterImage(width: 2, height: 2, format: .rgba, filledWith: 255)
        let canvas = image.drawn(into: 4, height: 4, transform: PixelTransform(scaleX: 1, scaleY: 1, translateX: 1, translateY: 1))
        #expect(canvas.format == .rgba)
        #expect(Array(canvas[0, 0]) == [0, 0, 0, 0] && Array(canvas[1, 1]) == [255, 255, 255, 255])
    }

    @Test("a shrinking transform averages instead of aliasing")
    func shrinkingDraw() {
        // 1-pixel stripes, drawn at a quarter of the size: all gray, no stripes left.
        let stripes = RasterImage(width: 64, height: 64, format: .gray,
                                  pixels: (0..<4096).map { ($0 % 64) % 2 == 0 ? 0 : 255 })
        let small = stripes.drawn(into: 16, height: 16, transform: PixelTransform(scaleX: 0.25, scaleY: 0.25),
                                  background: .black)
        #expect(small.pixels.allSatisfy { abs(Int($0) - 128) <= 1 })
    }
}
