import Testing
@testable import InklingImageIO

/// Broken and hostile input must give a clear error, never a crash or a huge allocation.
@Suite("PNG malformed input")
struct PNGMalformedInputTests {
    static let document = PNGDocument(image: TestImages.pattern(width: 40, height: 30, format: .rgba),
                                      text: [PNGTextChunk(keyword: "prompt", text: "fox")])
    static func valid() throws -> [UInt8] { try PNGCodec.encode(document, compressionLevel: 1) }

    static func decodeError(_ bytes: [UInt8], maxPixels: Int = 1 << 28) -> PNGError? {
        do {
            _ = try PNGCodec.decode(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
            return error
        }
    }

    @Test("empty data")
    func empty() {
        #expect(Self.decodeError([]) == .empty)
    }

    @Test("data that is not a PNG",
          arguments: [Array("GIF89a....".utf8), [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46],
                      Array("hello".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x00, 0, 0, 0, 0]])
    func notPNG(bytes: [UInt8]) {
        #expect(Self.decodeError(bytes) == .notPNG)
    }

    @Test("truncated inside the signature, IHDR, IDAT and before IEND")
    func truncatedAtKnownPoints() throws {
        let png = try Self.valid()
        let idat = try #require(PNGBytes.chunk("IDAT", in: png))
        let cuts = [1, 4, 7, 8, 12, 20, 30, idat.offset + 4, idat.dataOffset + idat.length / 2,
                    idat.end, png.count - 12, png.count - 1]
        for cut in cuts {
            #expect(Self.decodeError(Array(png.prefix(cut))) == .truncated, "cut at \(cut) of \(png.count)")
        }
    }

    @Test("every proper prefix of a valid PNG is reported as truncated")
    func everyPrefix() throws {
        let png = try PNGCodec.encode(PNGDocument(image: TestImages.pattern(width: 9, height: 5, format: .rgb),
                                                  text: [PNGTextChunk(keyword: "k", text: "日本")]))
        for cut in 1..<png.count {
            #expect(Self.decodeError(Array(png.prefix(cut))) == .truncated, "cut at \(cut)")
        }
    }

    @Test("a corrupted CRC in a critical chunk", arguments: ["IHDR", "IDAT"])
    func badCRC(type: String) throws {
        var png = try Self.valid()
        let chunk = try #require(PNGBytes.chunk(type, in: png))
        png[chunk.crcOffset + 2] ^= 0x5A
        guard case .corrupt(let message) = Self.decodeError(png) else {
            Issue.record("expected corrupt"); return
        }
        #expect(message.contains("CRC"))
    }

    @Test("a corrupted zlib stream with a valid CRC")
    func badZlib() throws {
        let png = try Self.valid()
        let idat = try #require(PNGBytes.chunk("IDAT", in: png))
        var data = Array(png[idat.dataOffset..<idat.crcOffset])
        for index in stride(from: 2, to: data.count, by: 3) { data[index] ^= 0xA5 }
        let error = Self.decodeError(PNGBytes.replacingData(of: idat, in: png, with: data))
        guard case .corrupt = error else { Issue.record("expected corrupt, got \(String(describing: error))"); return }
    }

    @Test("a bad zlib header")
    func badZlibHeader() throws {
        let png = try Self.valid()
        let idat = try #require(PNGBytes.chunk("IDAT", in: png))
        var data = Array(png[idat.dataOffset..<idat.crcOffset])
        data[0] = 0x00
        let error = Self.decodeError(PNGBytes.replacingData(of: idat, in: png, with: data))
        guard case .corrupt = error else { Issue.record("expected corrupt, got \(String(describing: error))"); return }
    }

    @Test("too little image data")
    func shortImageData() throws {
        let png = PNGBytes.png(ihdr: PNGBytes.ihdr(width: 50, height: 50),
                               [PNGBytes.makeChunk("IDAT", PNGBytes.zlibStored([0, 1, 2, 3]))])
        guard case .corrupt = Self.decodeError(png) else { Issue.record("expected corrupt"); return }
    }

    @Test("invalid IHDR fields", arguments: [
        PNGBytes.ihdr(width: 0, height: 5), PNGBytes.ihdr(width: 5, height: 0),
        PNGBytes.ihdr(width: 0x8000_0000, height: 1), PNGBytes.ihdr(width: 4, height: 4, bitDepth: 3),
        PNGBytes.ihdr(width: 4, height: 4, bitDepth: 16, colorType: 3), PNGBytes.ihdr(width: 4, height: 4, colorType: 5),
        PNGBytes.ihdr(width: 4, height: 4, interlace: 2),
    ])
    func invalidHeader(ihdr: [UInt8]) {
        let png = PNGBytes.png(ihdr: ihdr, [PNGBytes.makeChunk("IDAT", PNGBytes.zlibStored([0]))])
        guard case .corrupt = Self.decodeError(png) else { Issue.record("expected corrupt"); return }
    }

    @Test("a missing IHDR")
    func missingHeader() {
        let png = PNGBytes.signature + PNGBytes.makeChunk("IDAT", PNGBytes.zlibStored([0])) + PNGBytes.makeChunk("IEND", [])
        guard case .corrupt = Self.decodeError(png) else { Issue.record("expected corrupt"); return }
    }

    @Test("a palette image without a palette")
    func missingPalette() {
        let png = PNGBytes.png(ihdr: PNGBytes.ihdr(width: 1, height: 1, colorType: 3),
                               [PNGBytes.makeChunk("IDAT", PNGBytes.zlibStored([0, 0]))])
        guard case .corrupt = Self.decodeError(png) else { Issue.record("expected corrupt"); return }
    }

    @Test("huge declared dimensions are refused before allocating (decompression bomb)",
          arguments: [(100_000, 100_000), (20_000, 20_000), (20_000_000, 20), (1, 2_000_000_000), (0x7FFF_FFFF, 0x7FFF_FFFF)])
    func bomb(size: (Int, Int)) {
        let png = PNGBytes.png(ihdr: PNGBytes.ihdr(width: UInt32(size.0), height: UInt32(size.1), colorType: 6),
                               [PNGBytes.makeChunk("IDAT", PNGBytes.zlibStored([0, 0, 0, 0, 0]))])
        let error = Self.decodeError(png)
        #expect(error == .tooLarge(width: size.0, height: size.1))
        #expect(error?.description.contains("\(size.0)×\(size.1)") == true)
        // Only the header is needed to refuse it.
        #expect(Self.decodeError(Array(png.prefix(33))) == .tooLarge(width: size.0, height: size.1))
    }

    @Test("maxPixels is the caller's limit; the default allows 16384×16384")
    func callerLimit() throws {
        let png = try Self.valid()  // 40×30 = 1200 pixels
        #expect(Self.decodeError(png, maxPixels: 1199) == .tooLarge(width: 40, height: 30))
        #expect(Self.decodeError(png, maxPixels: 39) == .tooLarge(width: 40, height: 30))
        #expect(try PNGCodec.decode(png, maxPixels: 1200).image == Self.document.image)
        let edge = PNGBytes.png(ihdr: PNGBytes.ihdr(width: 16_384, height: 16_384, colorType: 0),
                                [PNGBytes.makeChunk("IDAT", [])])
        // Not too large: it gets past the limit and fails for lack of image data instead.
        guard case .corrupt = Self.decodeError(edge) else { Issue.record("expected corrupt"); return }
    }

    @Test("random damage never crashes", arguments: 0..<4)
    func fuzz(seed: Int) throws {
        let png = try Self.valid()
        var generator = SplitMix(seed: UInt64(seed))
        for _ in 0..<150 {
            var damaged = png
            for _ in 0...Int(generator.next() % 4) {
                damaged[8 + Int(generator.next() % UInt64(png.count - 8))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 3 == 0 { damaged = Array(damaged.prefix(Int(generator.next() % UInt64(png.count)))) }
            _ = try? PNGCodec.decode(damaged)
        }
    }
}

/// A small seeded generator so fuzz cases repeat.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
