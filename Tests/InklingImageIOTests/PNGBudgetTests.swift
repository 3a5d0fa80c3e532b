import Foundation
import Testing
@testable import InklingImageIO

/// Chunk lengths are checked against the bytes that remain before libpng allocates, and text
/// chunks can be read without decoding a pixel.
@Suite("PNG budgets")
struct PNGBudgetTests {
    static let document = PNGDocument(image: TestImages.pattern(width: 40, height: 30, format: .rgba),
                                      text: [PNGTextChunk(keyword: "inkling:recipe", text: "{}"), PNGTextChunk(keyword: "prompt", text: "fox")])

    @Test("a chunk declaring more bytes than remain is truncated data, refused at once", arguments: ["tEXt", "zTXt", "iTXt", "IDAT", "abCd"])
    func oversizedChunk(type: String) {
        let png = PNGBytes.signature + PNGBytes.ihdr(width: 1, height: 1) + PNGBytes.be32(0x7FFF_FFFF) + Array(type.utf8) + Array("abc".utf8)
        #expect(png.count == 44)
        let start = Date()
        #expect(throws: PNGError.truncated) { try PNGCodec.decode(png) }
        #expect(throws: PNGError.truncated) { try PNGCodec.decodeText(png) }
        // Microseconds of work: the bound, generous for a slow machine running these cases in
        // parallel, catches work that grows with the 2 GiB the chunk declares.
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a length beyond 2^31 - 1 is refused even when the file could hold it")
    func lengthOverPNGsMaximum() {
        let png = PNGBytes.signature + PNGBytes.ihdr(width: 1, height: 1) + PNGBytes.be32(0xFFFF_FFF0) + Array("tEXt".utf8)
        #expect(throws: PNGError.truncated) { try PNGCodec.decodeText(png) }
    }

    @Test("text chunks before the image data are read without its pixels")
    func textOnly() throws {
        let png = try PNGCodec.encode(Self.document, compressionLevel: 1)
        #expect(try PNGCodec.decodeText(png) == Self.document.text)
        // Damage the image data: decoding fails, the text before it still reads.
        let idat = try #require(PNGBytes.chunk("IDAT", in: png))
        let broken = PNGBytes.replacingData(of: idat, in: png, with: [UInt8](repeating: 0xAB, count: idat.length))
        #expect(throws: (any Error).self) { try PNGCodec.decode(broken) }
        #expect(try PNGCodec.decodeText(broken) == Self.document.text)
    }

    @Test("text-only reading refuses a pixel bomb like decoding does")
    func textOnlyBomb() throws {
        let png = PNGBytes.png(ihdr: PNGBytes.ihdr(width: 100_000, height: 100_000), [])
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) { try PNGCodec.decodeText(png) }
    }
}
