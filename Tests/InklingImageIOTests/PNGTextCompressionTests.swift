import Testing
@testable import InklingImageIO

/// Long text is written compressed by both writers (libpng's ``PNGCodec/encode(_:compressionLevel:filter:textCompression:)``
/// and the rewriter ``PNGCodec/replacingText(in:with:width:height:format:textCompression:)``):
/// ASCII as `zTXt`, other text as compressed `iTXt`; short text exactly as before.
@Suite("PNG text compression")
struct PNGTextCompressionTests {
    static let image = TestImages.pattern(width: 5, height: 4, format: .rgb)

    /// ASCII text of `count` bytes that deflates the way JSON numbers do, not to nothing.
    static func ascii(_ count: Int) -> String {
        var text = "", i = 0
        while text.utf8.count < count {
            text += "{\"x\":\(i * 37 % 1009).\(i % 97),\"y\":\(i * 53 % 887)},"
            i += 1
        }
        return String(text.utf8.prefix(count))!
    }

    /// UTF-8 text of at least `count` bytes.
    static func unicode(_ count: Int) -> String {
        var text = "", i = 0
        while text.utf8.count < count {
            text += "雪の中の赤い狐 \(i) 🦊 café; "
            i += 1
        }
        return text
    }

    /// The longest run of whole characters of ``unicode(_:)`` in at most `count` bytes.
    static func unicode(upTo count: Int) -> String {
        var text = ""
        for character in unicode(count) {
            guard text.utf8.count + character.utf8.count <= count else { break }
            text.append(character)
        }
        return text
    }

    /// The data of the one chunk of `type` in `png`.
    static func data(_ type: String, in png: [UInt8]) throws -> [UInt8] {
        let chunk = try #require(PNGBytes.chunk(type, in: png))
        return Array(png[chunk.dataOffset..<chunk.crcOffset])
    }

    /// Every text chunk of `png`, type and data, in order.
    static func textChunks(_ png: [UInt8]) -> [[UInt8]] {
        PNGBytes.chunks(png).filter { ["tEXt", "zTXt", "iTXt"].contains($0.type) }.map { Array(png[$0.offset..<$0.end]) }
    }

    @Test("long ASCII text is written as zTXt (method 0, a zlib stream) and reads back identical",
          arguments: [1025, 5000, 16_384, 16_385, 300_000])
    func longASCII(count: Int) throws {
        let text = [PNGTextChunk(keyword: "inkling:recipe", text: Self.ascii(count))]
        let png = try PNGCodec.encode(PNGDocument(image: Self.image, text: text))
        #expect(PNGBytes.chunkTypes(png) == ["IHDR", "zTXt", "IDAT", "IEND"])
        let data = try Self.data("zTXt", in: png)
        let prefix = Array("inkling:recipe".utf8) + [0, 0]
        #expect(Array(data.prefix(prefix.count)) == prefix)
        #expect(data[prefix.count] & 0x0F == 8 && (Int(data[prefix.count]) << 8 | Int(data[prefix.count + 1])) % 31 == 0,
                "a zlib header follows")
        #expect(data.count < count / 2)
        #expect(try PNGCodec.decode(png).text == text)
        #expect(try PNGCodec.decodeText(png) == text)
    }

    @Test("long UTF-8 text is written as iTXt with compression flag 1, method 0, and reads back identical",
          arguments: [1025, 20_000, 300_000])
    func longUnicode(count: Int) throws {
        let text = [PNGTextChunk(keyword: "inkling:recipe", text: Self.unicode(count))]
        let png = try PNGCodec.encode(PNGDocument(image: Self.image, text: text))
        #expect(PNGBytes.chunkTypes(png) == ["IHDR", "iTXt", "IDAT", "IEND"])
        let data = try Self.data("iTXt", in: png)
        // keyword NUL, flag 1, method 0, empty language NUL, empty translated keyword NUL.
        let prefix = Array("inkling:recipe".utf8) + [0, 1, 0, 0, 0]
        #expect(Array(data.prefix(prefix.count)) == prefix)
        #expect(data.count < count / 2)
        #expect(try PNGCodec.decode(png).text == text)
        #expect(try PNGCodec.decodeText(png) == text)
    }

    @Test("text of at most 1 KiB, and all text with .never, is written exactly as before",
          arguments: [0, 1, 100, 1024])
    func shortTextUnchanged(count: Int) throws {
        let text = [PNGTextChunk(keyword: "Software", text: "Inkling test"),
                    PNGTextChunk(keyword: "a", text: Self.ascii(count)),
                    PNGTextChunk(keyword: "ja", text: Self.unicode(upTo: max(count, 3)))]
        let document = PNGDocument(image: Self.image, text: text)
        let png = try PNGCodec.encode(document)
        #expect(png == (try PNGCodec.encode(document, textCompression: .never)))
        #expect(PNGBytes.chunkTypes(png) == ["IHDR", "tEXt", "tEXt", "iTXt", "IDAT", "IEND"])
        // The bytes as written before compression existed: keyword NUL text; iTXt with flag 0.
        #expect(try Self.data("tEXt", in: png) == Array("Software".utf8) + [0] + Array("Inkling test".utf8))
        let iTXt = try Self.data("iTXt", in: png)
        #expect(Array(iTXt.prefix(7)) == Array("ja".utf8) + [0, 0, 0, 0, 0])
        #expect(try PNGCodec.decode(png).text == text)
    }

    @Test(".never writes long text uncompressed, and the file says so")
    func neverCompresses() throws {
        let text = [PNGTextChunk(keyword: "a", text: Self.ascii(5000)), PNGTextChunk(keyword: "u", text: Self.unicode(5000))]
        let plain = try PNGCodec.encode(PNGDocument(image: Self.image, text: text), textCompression: .never)
        #expect(PNGBytes.chunkTypes(plain) == ["IHDR", "tEXt", "iTXt", "IDAT", "IEND"])
        #expect(try Self.data("iTXt", in: plain)[2] == 0, "compression flag 0")
        #expect(PNGCodec.textCompression(of: plain) == .never)
        let compressed = try PNGCodec.encode(PNGDocument(image: Self.image, text: text))
        #expect(PNGBytes.chunkTypes(compressed) == ["IHDR", "zTXt", "iTXt", "IDAT", "IEND"])
        #expect(PNGCodec.textCompression(of: compressed) == .longText)
        #expect(compressed.count < plain.count / 2)
        #expect(PNGCodec.textCompression(of: try PNGCodec.encode(PNGDocument(image: Self.image))) == .longText)
        #expect(PNGCodec.textCompression(of: Array("not a png".utf8)) == .longText)
    }

    @Test("the rewriter writes the very chunks libpng writes, short and long, ASCII and UTF-8",
          arguments: [PNGTextCompression.longText, .never])
    func rewriterMatchesLibpng(compression: PNGTextCompression) throws {
        let text = [PNGTextChunk(keyword: "Software", text: "Inkling test"),
                    PNGTextChunk(keyword: "Description", text: "a fox — in snow"),
                    PNGTextChunk(keyword: "a1025", text: Self.ascii(1025)),
                    PNGTextChunk(keyword: "a2000", text: Self.ascii(2000)),
                    PNGTextChunk(keyword: "a16384", text: Self.ascii(16_384)),
                    PNGTextChunk(keyword: "a200k", text: Self.ascii(200_000)),
                    PNGTextChunk(keyword: "u1500", text: Self.unicode(1500)),
                    PNGTextChunk(keyword: "u100k", text: Self.unicode(100_000))]
        let image = TestImages.pattern(width: 17, height: 9, format: .rgba, seed: 2)
        let engine = try PNGCodec.encode(PNGDocument(image: image, text: [PNGTextChunk(keyword: "prompt", text: "{}")]), compressionLevel: 1)
        let kept = try #require(try PNGCodec.replacingText(in: engine, with: text, width: 17, height: 9, format: .rgba,
                                                           textCompression: compression))
        let encoded = try PNGCodec.encode(PNGDocument(image: image, text: text), textCompression: compression)
        #expect(Self.textChunks(kept) == Self.textChunks(encoded))
        #expect(try PNGCodec.decodeText(kept) == text)
        #expect(try PNGCodec.decode(kept).image == image)
    }

    @Test("compressed text over libpng's old 8 MB chunk cap reads back, through decode and decodeText")
    func textOverEightMegabytes() throws {
        let long = String(repeating: Self.ascii(10_000), count: 1000)  // 10 MB, deflating to about 70 KB
        let text = [PNGTextChunk(keyword: "inkling:recipe", text: long)]
        let png = try PNGCodec.encode(PNGDocument(image: Self.image, text: text))
        #expect(PNGBytes.chunkTypes(png).contains("zTXt"))
        #expect(png.count < 1_000_000)
        #expect(try PNGCodec.decodeText(png) == text)
        #expect(try PNGCodec.decode(png).text == text)
    }

    @Test("the inflation budget is 64 MiB plus 16 bytes per byte of the file")
    func budget() {
        #expect(PNGCodec.maximumInflatedChunkBytes(fileBytes: 0) == 64 << 20)
        #expect(PNGCodec.maximumInflatedChunkBytes(fileBytes: 1_000_000) == (64 << 20) + 16_000_000)
        #expect(PNGCodec.maximumInflatedChunkBytes(fileBytes: Int.max) == Int.max)
    }

    @Test("the zlib wrapper's streams inflate back; bad arguments are refused")
    func deflate() throws {
        let bytes = Array(Self.ascii(70_000).utf8)
        let stream = try ZlibDeflate.compress(bytes, level: 9)
        #expect(stream.count < bytes.count / 2)
        #expect(Array(stream.suffix(4)) == PNGBytes.be32(PNGBytes.adler32(bytes)))
        let ztxt = PNGBytes.makeChunk("zTXt", Array("k".utf8) + [0, 0] + stream)
        let png = PNGBytes.inserting(ztxt, before: "IDAT", in: try PNGCodec.encode(PNGDocument(image: Self.image)))
        #expect(try PNGCodec.decodeText(png) == [PNGTextChunk(keyword: "k", text: Self.ascii(70_000))])
        let empty = try ZlibDeflate.compress([], level: 6)
        #expect(empty == [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        #expect(throws: ZlibDeflate.Failure.invalidArgument) { try ZlibDeflate.compress(bytes, level: 10) }
        #expect(throws: ZlibDeflate.Failure.invalidArgument) { try ZlibDeflate.compress(bytes, level: 6, windowBits: 8) }
    }
}
