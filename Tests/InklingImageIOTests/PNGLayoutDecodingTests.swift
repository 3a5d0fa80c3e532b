import Testing
@testable import InklingImageIO

/// Reading layouts Inkling never writes: 16-bit, palette, low bit depths, colour keys, Adam7.
@Suite("PNG layouts converted to 8 bits")
struct PNGLayoutDecodingTests {
    /// How libpng's png_set_scale_16 maps a 16-bit sample: rounded v × 255 / 65535.
    static func scaled(_ value: UInt16) -> UInt8 {
        UInt8((Double(value) * 255 / 65_535).rounded())
    }

    static func decode(_ raw: PNGRawImage) throws -> RasterImage {
        try PNGCodec.decode(PNGCodec.encode(raw)).image
    }

    /// 16-bit samples spread over the range, including the ones that round differently.
    static func samples16(count: Int) -> [UInt16] {
        let special: [UInt16] = [0, 1, 127, 128, 129, 255, 256, 0x7F7F, 0x8080, 0x1234, 0xFEFF, 0xFF00, 0xFFFE, 0xFFFF]
        return (0..<count).map { $0 < special.count ? special[$0] : UInt16(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    }

    @Test("16-bit samples are scaled (rounded) to 8 bits",
          arguments: [(PNGRawImage.ColorType.gray, PixelFormat.gray), (.grayAlpha, .grayAlpha),
                      (.rgb, .rgb), (.rgba, .rgba)])
    func sixteenBit(colorType: PNGRawImage.ColorType, format: PixelFormat) throws {
        let (width, height) = (7, 5)
        let samples = Self.samples16(count: width * height * colorType.channels)
        let rows = samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let image = try Self.decode(PNGRawImage(width: width, height: height, bitDepth: 16,
                                                colorType: colorType, rows: rows))
        #expect(image.format == format)
        #expect(image.pixels == samples.map(Self.scaled))
    }

    @Test("every 16-bit value scales exactly as documented")
    func sixteenBitExhaustive() throws {
        let samples = (0...65_535).map { UInt16($0) }
        let rows = samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let image = try Self.decode(PNGRawImage(width: 256, height: 256, bitDepth: 16, colorType: .gray, rows: rows))
        #expect(image.pixels == samples.map(Self.scaled))
    }

    @Test("gray below 8 bits expands to 0…255", arguments: [1, 2, 4])
    func lowBitGray(depth: Int) throws {
        let (width, height) = (13, 3)   // 13 samples: rows end mid-byte
        let maximum = (1 << depth) - 1
        let values = (0..<width * height).map { ($0 * 5 + $0 / width) % (maximum + 1) }
        let rows = Self.pack(values, width: width, depth: depth)
        let image = try Self.decode(PNGRawImage(width: width, height: height, bitDepth: depth,
                                                colorType: .gray, rows: rows))
        #expect(image.format == .gray)
        #expect(image.pixels == values.map { UInt8($0 * 255 / maximum) })
    }

    @Test("palette images expand to RGB", arguments: [1, 2, 4, 8])
    func palette(depth: Int) throws {
        let entries = min(1 << depth, 200)
        let palette: [UInt8] = (0..<entries).flatMap { (entry: Int) -> [UInt8] in
            [UInt8(entry), UInt8(255 - entry), UInt8(entry * 3 % 256)]
        }
        let (width, height) = (11, 4)
        let indices = (0..<width * height).map { ($0 * 7) % entries }
        let image = try Self.decode(PNGRawImage(width: width, height: height, bitDepth: depth, colorType: .palette,
                                                rows: Self.pack(indices, width: width, depth: depth),
                                                palette: palette))
        #expect(image.format == .rgb)
        #expect(image.pixels == Self.expand(indices, palette: palette, alpha: nil))
    }

    @Test("a palette tRNS chunk becomes alpha; entries past it are opaque")
    func paletteTransparency() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]
        let alpha: [UInt8] = [0, 128]   // shorter than the palette
        let indices = [0, 1, 2, 3, 3, 2]
        let image = try Self.decode(PNGRawImage(width: 3, height: 2, bitDepth: 2, colorType: .palette,
                                                rows: Self.pack(indices, width: 3, depth: 2),
                                                palette: palette, paletteAlpha: alpha))
        #expect(image.format == .rgba)
        #expect(image.pixels == Self.expand(indices, palette: palette, alpha: alpha))
    }

    @Test("a gray colour key becomes alpha")
    func grayColorKey() throws {
        let values = [0, 1, 2, 3, 2, 1]
        let image = try Self.decode(PNGRawImage(width: 6, height: 1, bitDepth: 2, colorType: .gray,
                                                rows: Self.pack(values, width: 6, depth: 2),
                                                transparentColor: [2]))
        #expect(image.format == .grayAlpha)
        let expected: [UInt8] = values.flatMap { (value: Int) -> [UInt8] in [UInt8(value * 85), value == 2 ? 0 : 255] }
        #expect(image.pixels == expected)
    }

    @Test("an RGB colour key becomes alpha, also at 16 bits")
    func rgbColorKey() throws {
        let rows8: [UInt8] = [1, 2, 3, 4, 5, 6, 1, 2, 3]
        let image8 = try Self.decode(PNGRawImage(width: 3, height: 1, bitDepth: 8, colorType: .rgb,
                                                 rows: rows8, transparentColor: [4, 5, 6]))
        #expect(image8 == RasterImage(width: 3, height: 1, format: .rgba,
                                      pixels: [1, 2, 3, 255, 4, 5, 6, 0, 1, 2, 3, 255]))
        let rows16: [UInt8] = [0xFF, 0xFF, 0, 0, 0x80, 0x80, 0x12, 0x34, 0, 1, 0, 2]
        let image16 = try Self.decode(PNGRawImage(width: 2, height: 1, bitDepth: 16, colorType: .rgb,
                                                  rows: rows16, transparentColor: [0x1234, 1, 2]))
        #expect(image16.pixels == [255, 0, 128, 255, Self.scaled(0x1234), 0, 0, 0])
    }

    @Test("Adam7-interlaced files decode to the same pixels", arguments: [(1, 1), (3, 7), (13, 11), (64, 33)])
    func interlaced(size: (Int, Int)) throws {
        let (width, height) = size
        for format in PixelFormat.allCases {
            let image = TestImages.pattern(width: width, height: height, format: format, seed: 5)
            var raw = PNGRawImage(width: width, height: height, bitDepth: 8, colorType: .init(format),
                                  rows: image.pixels)
            raw.interlaced = true
            let bytes = try PNGCodec.encode(raw)
            let ihdr = try #require(PNGBytes.chunk("IHDR", in: bytes))
            #expect(bytes[ihdr.dataOffset + 12] == 1, "file is interlaced")
            #expect(try PNGCodec.decode(bytes).image == image, "\(format) \(width)×\(height)")
        }
    }

    @Test("interlaced 1-bit gray and 16-bit RGBA with palette-free conversions")
    func interlacedExotic() throws {
        let values = (0..<9 * 9).map { ($0 * 3) % 2 }
        var gray = PNGRawImage(width: 9, height: 9, bitDepth: 1, colorType: .gray,
                               rows: Self.pack(values, width: 9, depth: 1))
        gray.interlaced = true
        #expect(try Self.decode(gray).pixels == values.map { UInt8($0 * 255) })

        let samples = Self.samples16(count: 5 * 6 * 4)
        var rgba = PNGRawImage(width: 5, height: 6, bitDepth: 16, colorType: .rgba,
                               rows: samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        rgba.interlaced = true
        #expect(try Self.decode(rgba).pixels == samples.map(Self.scaled))
    }

    @Test("an interlaced palette image with tRNS")
    func interlacedPalette() throws {
        let palette: [UInt8] = [10, 20, 30, 40, 50, 60]
        let indices = (0..<10 * 10).map { $0 % 2 }
        var raw = PNGRawImage(width: 10, height: 10, bitDepth: 1, colorType: .palette,
                              rows: Self.pack(indices, width: 10, depth: 1), palette: palette, paletteAlpha: [7])
        raw.interlaced = true
        let image = try Self.decode(raw)
        #expect(image.pixels == Self.expand(indices, palette: palette, alpha: [7]))
    }

    /// What palette expansion should give: RGB, or RGBA when `alpha` (tRNS) is given.
    static func expand(_ indices: [Int], palette: [UInt8], alpha: [UInt8]?) -> [UInt8] {
        var result: [UInt8] = []
        for index in indices {
            result += palette[index * 3..<index * 3 + 3]
            if let alpha { result.append(index < alpha.count ? alpha[index] : 255) }
        }
        return result
    }

    /// Packs `values` (each < 2^depth) MSB first, each row padded to whole bytes.
    static func pack(_ values: [Int], width: Int, depth: Int) -> [UInt8] {
        guard depth < 8 else { return values.map { UInt8($0) } }
        var bytes: [UInt8] = []
        for row in stride(from: 0, to: values.count, by: width) {
            var byte = 0, bits = 0
            for value in values[row..<row + width] {
                byte = byte << depth | value
                bits += depth
                if bits == 8 { bytes.append(UInt8(byte)); byte = 0; bits = 0 }
            }
            if bits > 0 { bytes.append(UInt8(byte << (8 - bits))) }
        }
        return bytes
    }
}
