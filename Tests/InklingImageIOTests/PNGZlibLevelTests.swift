import InklingImageIO
import XCTest

/// `PNGCodec.zlibLevelClass(of:)` reads the level class from the first IDAT's zlib header, and
/// answers `nil` rather than trapping on anything that is not such a PNG.
final class PNGZlibLevelTests: XCTestCase {
    private let image: RasterImage = {
        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        for i in pixels.indices { pixels[i] = UInt8((i * 13 + i / 160) % 241) }
        return RasterImage(width: 40, height: 30, format: .rgba, pixels: pixels)
    }()

    func testEveryLevelGivesZlibsClass() throws {
        // zlib's deflateInit writes FLEVEL 0 for levels 0…1, 1 for 2…5, 2 for 6, 3 for 7…9.
        let expected = [0, 0, 1, 1, 1, 1, 2, 3, 3, 3]
        for level in 0...9 {
            let bytes = try PNGCodec.encode(PNGDocument(image: image, text: [PNGTextChunk(keyword: "Comment", text: "x")]),
                                            compressionLevel: level, filter: .sub)
            XCTAssertEqual(PNGCodec.zlibLevelClass(of: bytes), expected[level], "level \(level)")
        }
    }

    func testHostileBytesAnswerNil() throws {
        let good = try PNGCodec.encode(PNGDocument(image: image), compressionLevel: 1)
        XCTAssertNil(PNGCodec.zlibLevelClass(of: []))
        XCTAssertNil(PNGCodec.zlibLevelClass(of: Array(good.prefix(8))), "a signature alone")
        XCTAssertNil(PNGCodec.zlibLevelClass(of: Array(good.prefix(40))), "cut before the IDAT")
        XCTAssertNil(PNGCodec.zlibLevelClass(of: Array("not a png at all, not at all".utf8)))
        var wrongSignature = good
        wrongSignature[1] = 0x51
        XCTAssertNil(PNGCodec.zlibLevelClass(of: wrongSignature))
        // IHDR declaring a length past the end of the data.
        var huge = good
        huge.replaceSubrange(8..<12, with: [0x7F, 0xFF, 0xFF, 0xFF])
        XCTAssertNil(PNGCodec.zlibLevelClass(of: huge))
        var endless = good
        endless.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertNil(PNGCodec.zlibLevelClass(of: endless))
        // A first IDAT shorter than a zlib header.
        let tiny: [UInt8] = Array(good.prefix(8)) + [0, 0, 0, 1] + Array("IDAT".utf8) + [0x78, 0, 0, 0, 0]
        XCTAssertNil(PNGCodec.zlibLevelClass(of: tiny))
        // Every prefix and 2,000 random byte flips: an answer or nil, never a trap.
        for n in 0..<good.count { _ = PNGCodec.zlibLevelClass(of: Array(good.prefix(n))) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var mutated = good
            for _ in 0..<3 { mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let level = PNGCodec.zlibLevelClass(of: mutated) { XCTAssertTrue((0...3).contains(level)) }
        }
    }
}
