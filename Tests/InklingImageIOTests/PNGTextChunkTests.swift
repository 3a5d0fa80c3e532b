import Testing
@testable import InklingImageIO

@Suite("PNG text chunks")
struct PNGTextChunkTests {
    static let image = TestImages.pattern(width: 4, height: 3, format: .rgb)

    static func roundTrip(_ text: [PNGTextChunk]) throws(PNGError) -> [PNGTextChunk] {
        try PNGCodec.decode(PNGCodec.encode(PNGDocument(image: image, text: text))).text
    }

    @Test("ASCII text is written as tEXt and read back")
    func ascii() throws {
        let text = [PNGTextChunk(keyword: "prompt", text: "a red fox in snow, 50mm"),
                    PNGTextChunk(keyword: "inkling.seed", text: "42"),
                    PNGTextChunk(keyword: "empty", text: "")]
        let bytes = try PNGCodec.encode(PNGDocument(image: Self.image, text: text))
        #expect(PNGBytes.chunkTypes(bytes).filter { $0 == "tEXt" }.count == 3)
        #expect(try PNGCodec.decode(bytes).text == text)
    }

    @Test("non-ASCII text (Japanese, emoji, accents) is written as UTF-8 iTXt and read back",
          arguments: ["雪の中の赤い狐", "🦊❄️ fox + snow 👩🏽‍🎨", "café crème", "Ünïcödé\nwith a second line"])
    func unicode(text: String) throws {
        let chunk = PNGTextChunk(keyword: "prompt", text: text)
        let bytes = try PNGCodec.encode(PNGDocument(image: Self.image, text: [chunk]))
        #expect(PNGBytes.chunkTypes(bytes).contains("iTXt"))
        #expect(!PNGBytes.chunkTypes(bytes).contains("tEXt"))
        #expect(try PNGCodec.decode(bytes).text == [chunk])
    }

    @Test("order, duplicates and Latin-1 keywords survive; lookup finds the first")
    func orderAndKeywords() throws {
        let text = [PNGTextChunk(keyword: "b", text: "1"), PNGTextChunk(keyword: "Größe", text: "groß"),
                    PNGTextChunk(keyword: "b", text: "2"), PNGTextChunk(keyword: "a key", text: "x")]
        let document = try PNGCodec.decode(PNGCodec.encode(PNGDocument(image: Self.image, text: text)))
        #expect(document.text == text)
        #expect(document.text(for: "b") == "1")
        #expect(document.text(for: "missing") == nil)
    }

    @Test("long text round-trips")
    func longText() throws {
        let text = [PNGTextChunk(keyword: "recipe", text: String(repeating: "{\"k\": \"v\"} ", count: 20_000)),
                    PNGTextChunk(keyword: "ja", text: String(repeating: "日本語", count: 10_000))]
        #expect(try Self.roundTrip(text) == text)
    }

    @Test("invalid keywords are rejected with a clear error",
          arguments: ["", String(repeating: "k", count: 80), " lead", "trail ", "double  space",
                      "new\nline", "tab\there", "日本", "emoji🦊", "nbsp\u{A0}"])
    func invalidKeyword(keyword: String) {
        #expect(!PNGTextChunk.isValidKeyword(keyword))
        do {
            _ = try Self.roundTrip([PNGTextChunk(keyword: keyword, text: "x")])
            Issue.record("accepted keyword \(keyword.debugDescription)")
        } catch {
            #expect(error == .invalidKeyword(keyword))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("valid keyword edge cases", arguments: ["k", String(repeating: "k", count: 79), "a b c", "~!@#", "¡ÿ"])
    func validKeyword(keyword: String) throws {
        #expect(PNGTextChunk.isValidKeyword(keyword))
        #expect(try Self.roundTrip([PNGTextChunk(keyword: keyword, text: "v")]).first?.keyword == keyword)
    }

    @Test("text containing NUL is rejected")
    func nulText() {
        #expect(throws: PNGError.invalidText(keyword: "k")) {
            try Self.roundTrip([PNGTextChunk(keyword: "k", text: "a\u{0}b")])
        }
    }

    @Test("reads Latin-1 tEXt written by other software")
    func latin1Text() throws {
        let png = try PNGCodec.encode(PNGDocument(image: Self.image))
        let chunk = PNGBytes.makeChunk("tEXt", Array("Author".utf8) + [0, 0x4A, 0x6F, 0x73, 0xE9])  // "José"
        let document = try PNGCodec.decode(PNGBytes.inserting(chunk, before: "IDAT", in: png))
        #expect(document.text == [PNGTextChunk(keyword: "Author", text: "José")])
    }

    @Test("reads zTXt and compressed iTXt")
    func compressedText() throws {
        let png = try PNGCodec.encode(PNGDocument(image: Self.image))
        let latin1: [UInt8] = Array("zipped text, ".utf8) + [0xE9]
        let ztxt = PNGBytes.makeChunk("zTXt", Array("Comment".utf8) + [0, 0] + PNGBytes.zlibStored(latin1))
        // iTXt: keyword NUL, compression flag 1, method 0, language "ja" NUL, translated keyword NUL, text.
        let utf8 = Array("圧縮されたテキスト".utf8)
        let itxt = PNGBytes.makeChunk("iTXt", Array("Title".utf8) + [0, 1, 0] + Array("ja".utf8) + [0]
                                      + Array("題".utf8) + [0] + PNGBytes.zlibStored(utf8))
        let document = try PNGCodec.decode(PNGBytes.inserting(ztxt + itxt, before: "IDAT", in: png))
        #expect(document.text == [PNGTextChunk(keyword: "Comment", text: "zipped text, é"),
                                  PNGTextChunk(keyword: "Title", text: "圧縮されたテキスト")])
    }

    @Test("reads text chunks placed after the image data")
    func textAfterImageData() throws {
        let png = try PNGCodec.encode(PNGDocument(image: Self.image,
                                                  text: [PNGTextChunk(keyword: "before", text: "1")]))
        let after = PNGBytes.makeChunk("tEXt", Array("after".utf8) + [0] + Array("2".utf8))
        let document = try PNGCodec.decode(PNGBytes.inserting(after, before: "IEND", in: png))
        #expect(document.text == [PNGTextChunk(keyword: "before", text: "1"),
                                  PNGTextChunk(keyword: "after", text: "2")])
    }

    @Test("a text chunk with a bad CRC is dropped, the image still reads (libpng's default for ancillary chunks)")
    func badAncillaryCRC() throws {
        var png = try PNGCodec.encode(PNGDocument(image: Self.image, text: [PNGTextChunk(keyword: "k", text: "v")]))
        let text = try #require(PNGBytes.chunk("tEXt", in: png))
        png[text.crcOffset] ^= 0xFF
        let document = try PNGCodec.decode(png)
        #expect(document.image == Self.image)
        #expect(document.text.isEmpty)
    }

    @Test("a zTXt that would inflate to 256 MiB is dropped after the budget, never allocated")
    func textBomb() throws {
        let png = try PNGCodec.encode(PNGDocument(image: Self.image))
        let stream = PNGBytes.zlibBomb(zeros: 256 << 20)
        #expect(stream.count < 300_000)
        let ztxt = PNGBytes.makeChunk("zTXt", Array("inkling:recipe".utf8) + [0, 0] + stream)
        let bomb = PNGBytes.inserting(ztxt, before: "IDAT", in: png)
        #expect(PNGCodec.maximumInflatedChunkBytes(fileBytes: bomb.count) < 256 << 20)
        let clock = ContinuousClock()
        let started = clock.now
        let document = try PNGCodec.decode(bomb)
        #expect(document.image == Self.image)
        #expect(document.text.isEmpty)
        #expect(try PNGCodec.decodeText(bomb).isEmpty)
        #expect(clock.now - started < .seconds(10), "inflation stops at the budget")
    }
}
