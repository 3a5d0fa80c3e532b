import Testing
@testable import InklingImageIO

/// ``PNGCodec/replacingText(in:with:width:height:format:)``: an engine's PNG re-labelled with
/// Inkling's text, its compressed pixels kept, everything it added dropped; and refused (`nil`)
/// whenever it does not qualify or is damaged.
struct PNGTextReplacementTests {
    /// What ComfyUI writes into its PNGs: the whole graph as `prompt` and `workflow`.
    static let engineText = [PNGTextChunk(keyword: "prompt", text: #"{"3":{"class_type":"KSampler"}}"#),
                             PNGTextChunk(keyword: "workflow", text: #"{"nodes":[]}"#)]
    static let recipeText = [PNGTextChunk(keyword: "Software", text: "Inkling test"),
                             PNGTextChunk(keyword: "inkling:recipe", text: #"{"prompt":"a fox — in snow"}"#)]

    static func enginePNG(_ format: PixelFormat = .rgb, width: Int = 37, height: Int = 23) throws -> (RasterImage, [UInt8]) {
        let image = TestImages.pattern(width: width, height: height, format: format, seed: 3)
        var png = try PNGCodec.encode(PNGDocument(image: image, text: engineText), compressionLevel: 1)
        // An ancillary chunk after the image data too, as some encoders write.
        png = PNGBytes.inserting(PNGBytes.makeChunk("tIME", [7, 234, 12, 1, 0, 0, 0]), before: "IEND", in: png)
        return (image, png)
    }

    @Test func crc32MatchesTheCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(CRC32.checksum(bytes) == PNGBytes.crc32(bytes))
        #expect(CRC32.checksum(bytes[500...], continuing: CRC32.checksum(bytes[..<500])) == CRC32.checksum(bytes))
    }

    @Test(arguments: [PixelFormat.rgb, .rgba])
    func keepsThePixelsAndOnlyTheNewText(format: PixelFormat) throws {
        let (image, png) = try Self.enginePNG(format)
        let kept = try #require(try PNGCodec.replacingText(in: png, with: Self.recipeText, width: image.width, height: image.height, format: format))
        let document = try PNGCodec.decode(kept)
        #expect(document.image == image)
        #expect(document.text == Self.recipeText, "the engine's prompt and workflow are gone")
        #expect(try PNGCodec.decodeText(kept) == Self.recipeText, "the text comes before the image data")
        #expect(PNGBytes.chunkTypes(kept) == ["IHDR", "tEXt", "iTXt", "IDAT", "IEND"])
        let idat = { (bytes: [UInt8]) in PNGBytes.chunks(bytes).filter { $0.type == "IDAT" }.flatMap { bytes[$0.offset..<$0.end] } }
        #expect(idat(kept) == idat(png), "the compressed pixels are the engine's, byte for byte")
        #expect(!String(decoding: kept, as: UTF8.self).contains("KSampler"))
    }

    @Test func refusesWhatDoesNotDecodeToTheSamePixels() throws {
        let (image, png) = try Self.enginePNG(.rgb)
        func replaced(_ bytes: [UInt8], width: Int = 37, height: Int = 23, format: PixelFormat = .rgb) throws -> [UInt8]? {
            try PNGCodec.replacingText(in: bytes, with: Self.recipeText, width: width, height: height, format: format)
        }
        #expect(try replaced(png, width: 36) == nil, "another width")
        #expect(try replaced(png, height: 24) == nil, "another height")
        #expect(try replaced(png, format: .rgba) == nil, "another format")
        let gray = try PNGCodec.encode(PNGDocument(image: image.converted(to: .gray, background: .black)))
        #expect(try replaced(gray, format: .gray) == nil, "gray is re-encoded")
        let rows = TestImages.pattern(width: 37, height: 23, format: .rgb).pixels
        let wide = rows.flatMap { [$0, $0] }
        #expect(try replaced(PNGCodec.encode(PNGRawImage(width: 37, height: 23, bitDepth: 16, colorType: .rgb, rows: wide))) == nil, "16-bit")
        #expect(try replaced(PNGCodec.encode(PNGRawImage(width: 37, height: 23, bitDepth: 8, colorType: .rgb, interlaced: true, rows: rows))) == nil, "interlaced")
        let keyed = try PNGCodec.encode(PNGRawImage(width: 37, height: 23, bitDepth: 8, colorType: .rgb, rows: rows, transparentColor: [1, 2, 3]))
        #expect(try replaced(keyed) == nil, "tRNS makes RGB read as RGBA")
        let indices = [UInt8](repeating: 1, count: 37 * 23)
        let palette = try PNGCodec.encode(PNGRawImage(width: 37, height: 23, bitDepth: 8, colorType: .palette, rows: indices, palette: [0, 0, 0, 9, 9, 9]))
        #expect(try replaced(palette) == nil, "a palette image when RGB is expected")
    }

    @Test func refusesDamagedInput() throws {
        let (_, png) = try Self.enginePNG(.rgb)
        func replaced(_ bytes: [UInt8]) throws -> [UInt8]? {
            try PNGCodec.replacingText(in: bytes, with: Self.recipeText, width: 37, height: 23, format: .rgb)
        }
        #expect(try replaced(png) != nil)
        // Every truncation, and garbage.
        for end in stride(from: 0, to: png.count, by: 1) { #expect(try replaced(Array(png[..<end])) == nil, "cut at \(end)") }
        #expect(try replaced([]) == nil)
        #expect(try replaced((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }) == nil)
        #expect(try replaced(PNGBytes.signature + [UInt8](repeating: 0xFF, count: 64)) == nil)
        // A chunk length past the data, up to 2³² − 1 (nothing is allocated for it).
        let idat = try #require(PNGBytes.chunk("IDAT", in: png))
        for length: UInt32 in [UInt32(idat.length + 1), 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF] {
            var damaged = png
            damaged.replaceSubrange(idat.offset..<idat.offset + 4, with: PNGBytes.be32(length))
            #expect(try replaced(damaged) == nil, "IDAT length \(length)")
        }
        // A wrong CRC, a flipped data byte, bytes after IEND, no IEND, an unknown critical chunk,
        // IDAT split by another chunk, a second IHDR.
        var crc = png; crc[idat.crcOffset] ^= 1
        #expect(try replaced(crc) == nil)
        var flipped = png; flipped[idat.dataOffset + 2] ^= 0x10
        #expect(try replaced(flipped) == nil)
        #expect(try replaced(png + [0]) == nil)
        let iend = try #require(PNGBytes.chunk("IEND", in: png))
        #expect(try replaced(Array(png[..<iend.offset])) == nil)
        #expect(try replaced(PNGBytes.inserting(PNGBytes.makeChunk("ABCD", [1]), before: "IEND", in: png)) == nil)
        let ihdr = try #require(PNGBytes.chunk("IHDR", in: png))
        #expect(try replaced(PNGBytes.inserting(Array(png[ihdr.offset..<ihdr.end]), before: "IDAT", in: png)) == nil)
        let split = PNGBytes.chunks(png).filter { $0.type == "IDAT" }.flatMap { png[$0.offset..<$0.end] }
        let twoIDATs = Array(png[..<idat.offset]) + split + PNGBytes.makeChunk("tEXt", Array("a\0b".utf8)) + PNGBytes.makeChunk("IDAT", [])
            + Array(png[iend.offset...])
        #expect(try replaced(twoIDATs) == nil, "IDAT chunks must be consecutive")
    }

    @Test func badTextIsAnErrorOfItsKind() throws {
        let (_, png) = try Self.enginePNG(.rgb)
        #expect(throws: PNGError.invalidKeyword(" lead")) {
            try PNGCodec.replacingText(in: png, with: [PNGTextChunk(keyword: " lead", text: "x")], width: 37, height: 23, format: .rgb)
        }
        #expect(throws: PNGError.invalidText(keyword: "k")) {
            try PNGCodec.replacingText(in: png, with: [PNGTextChunk(keyword: "k", text: "a\0b")], width: 37, height: 23, format: .rgb)
        }
    }

    @Test func textChunksMatchTheEncoders() throws {
        // The same text written by libpng and by the splice reads back the same, and as the same chunk types.
        let image = TestImages.pattern(width: 5, height: 4, format: .rgba)
        let encoded = try PNGCodec.encode(PNGDocument(image: image, text: Self.recipeText))
        let kept = try #require(try PNGCodec.replacingText(in: encoded, with: Self.recipeText, width: 5, height: 4, format: .rgba))
        let chunk = { (bytes: [UInt8], type: String) in PNGBytes.chunks(bytes).filter { $0.type == type }.map { Array(bytes[$0.offset..<$0.end]) } }
        #expect(chunk(kept, "tEXt") == chunk(encoded, "tEXt"))
        #expect(chunk(kept, "iTXt") == chunk(encoded, "iTXt"))
    }
}
