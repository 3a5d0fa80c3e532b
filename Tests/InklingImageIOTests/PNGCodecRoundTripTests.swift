import Testing
@testable import InklingImageIO

@Suite("PNG round trips")
struct PNGCodecRoundTripTests {
    static let sizes = [(1, 1), (3, 7), (4096, 1), (1, 300), (64, 64)]

    @Test("every format and odd size survives encode → decode", arguments: PixelFormat.allCases)
    func roundTrip(format: PixelFormat) throws {
        for (width, height) in Self.sizes {
            let image = TestImages.pattern(width: width, height: height, format: format)
            let bytes = try PNGCodec.encode(PNGDocument(image: image))
            let decoded = try PNGCodec.decode(bytes)
            #expect(decoded.image == image, "\(format) \(width)×\(height)")
            #expect(decoded.text.isEmpty)
        }
    }

    @Test("IHDR records 8-bit samples and the format's colour type", arguments: PixelFormat.allCases)
    func header(format: PixelFormat) throws {
        let bytes = try PNGCodec.encode(PNGDocument(image: TestImages.pattern(width: 5, height: 3, format: format)))
        let ihdr = try #require(PNGBytes.chunk("IHDR", in: bytes))
        let expectedColorType: UInt8 = switch format {
        case .gray: 0
        case .rgb: 2
        case .grayAlpha: 4
        case .rgba: 6
        }
        #expect(Array(bytes[0..<8]) == PNGBytes.signature)
        #expect(PNGBytes.readBE32(bytes, ihdr.dataOffset) == 5)
        #expect(PNGBytes.readBE32(bytes, ihdr.dataOffset + 4) == 3)
        #expect(bytes[ihdr.dataOffset + 8] == 8)
        #expect(bytes[ihdr.dataOffset + 9] == expectedColorType)
        #expect(bytes[ihdr.dataOffset + 12] == 0, "not interlaced")
    }

    @Test("encoding is deterministic and writes no tIME chunk")
    func deterministic() throws {
        let document = PNGDocument(image: TestImages.pattern(width: 33, height: 17, format: .rgba),
                                   text: [PNGTextChunk(keyword: "prompt", text: "a fox"),
                                          PNGTextChunk(keyword: "title", text: "狐")])
        let first = try PNGCodec.encode(document)
        let second = try PNGCodec.encode(document)
        #expect(first == second)
        #expect(PNGBytes.chunkTypes(first) == ["IHDR", "tEXt", "iTXt", "IDAT", "IEND"])
    }

    @Test("every compression level decodes to the same pixels; 0 is largest", arguments: [0, 1, 6, 9])
    func compressionLevels(level: Int) throws {
        let image = TestImages.pattern(width: 200, height: 50, format: .rgb)
        let bytes = try PNGCodec.encode(PNGDocument(image: image), compressionLevel: level)
        #expect(try PNGCodec.decode(bytes).image == image)
        if level > 0 {
            let stored = try PNGCodec.encode(PNGDocument(image: image), compressionLevel: 0)
            #expect(bytes.count < stored.count)
        }
    }

    @Test("the default level is 6")
    func defaultLevel() throws {
        let document = PNGDocument(image: TestImages.pattern(width: 40, height: 40, format: .gray))
        #expect(try PNGCodec.encode(document) == PNGCodec.encode(document, compressionLevel: 6))
    }

    @Test("levels outside 0…9 are rejected", arguments: [-1, 10])
    func badLevel(level: Int) {
        let document = PNGDocument(image: RasterImage(width: 1, height: 1, format: .gray))
        #expect(throws: PNGError.self) { try PNGCodec.encode(document, compressionLevel: level) }
    }

    @Test("an image without pixels cannot be encoded", arguments: [(0, 0), (0, 5), (5, 0)])
    func emptyImage(size: (Int, Int)) {
        let document = PNGDocument(image: RasterImage(width: size.0, height: size.1, format: .rgb))
        do {
            _ = try PNGCodec.encode(document)
            Issue.record("encoded an empty image")
        } catch {
            guard case .unsupported = error else { Issue.record("wrong error \(error)"); return }
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a PNG built by hand (filter 0, stored deflate) decodes per the spec, not just per libpng")
    func handBuilt() throws {
        // 2×2 RGB: red, green / blue, white. Each row starts with filter byte 0.
        let raw: [UInt8] = [0, 255, 0, 0, 0, 255, 0,
                            0, 0, 0, 255, 255, 255, 255]
        let png = PNGBytes.png(ihdr: PNGBytes.ihdr(width: 2, height: 2),
                               [PNGBytes.makeChunk("IDAT", PNGBytes.zlibStored(raw))])
        let document = try PNGCodec.decode(png)
        #expect(document.image == RasterImage(width: 2, height: 2, format: .rgb,
                                              pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]))
    }

    @Test("a large image round-trips")
    func large() throws {
        let image = TestImages.pattern(width: 1000, height: 700, format: .rgba, seed: 3)
        #expect(try PNGCodec.decode(PNGCodec.encode(PNGDocument(image: image))).image == image)
    }
}
