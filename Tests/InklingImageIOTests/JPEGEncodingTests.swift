import Foundation
import XCTest

@testable import InklingImageIO

/// `JPEGCodec.encode`: what it writes decodes back close to what went in, deterministically, and
/// every argument it cannot honour is refused with a one-line reason.
final class JPEGEncodingTests: XCTestCase {
    /// Mean absolute difference per sample.
    private func meanError(_ a: RasterImage, _ b: RasterImage) -> Double {
        precondition(a.pixels.count == b.pixels.count)
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }

    func testColourRoundTripsCloselyAtPreviewQuality() throws {
        let source = JPEGFixtures.gradient(width: 97, height: 61)
        let bytes = try JPEGCodec.encode(source, quality: 82)
        XCTAssertEqual(Array(bytes.prefix(2)), [0xFF, 0xD8], "a JPEG starts with SOI")
        XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9], "and ends with EOI")
        let decoded = try JPEGCodec.decode(bytes)
        XCTAssertEqual(decoded.width, 97)
        XCTAssertEqual(decoded.height, 61)
        XCTAssertEqual(decoded.format, .rgb)
        XCTAssertLessThan(meanError(decoded, source), 3, "a smooth gradient survives quality 82")
        XCTAssertLessThan(bytes.count, source.pixels.count / 4, "it compresses")
    }

    func testHigherQualityIsCloserAndLarger() throws {
        var source = JPEGFixtures.gradient(width: 64, height: 64)
        // Some detail for the quantiser to lose: a checker in the blue channel.
        for y in 0..<64 { for x in 0..<64 where (x / 2 + y / 2) % 2 == 0 { source.pixels[(y * 64 + x) * 3 + 2] = 240 } }
        let low = try JPEGCodec.encode(source, quality: 20), high = try JPEGCodec.encode(source, quality: 95)
        XCTAssertLessThan(low.count, high.count)
        XCTAssertLessThan(meanError(try JPEGCodec.decode(high), source), meanError(try JPEGCodec.decode(low), source))
    }

    func testGrayStaysGrayAndAlphaIsCompositedOverTheBackground() throws {
        let ramp = JPEGFixtures.grayRamp(width: 40, height: 8)
        let gray = try JPEGCodec.decode(try JPEGCodec.encode(ramp))
        XCTAssertEqual(gray.format, .gray)
        XCTAssertLessThan(meanError(gray, ramp), 2)
        // Fully transparent red over white is white; over black, black.
        let clear = RasterImage(width: 16, height: 16, format: .rgba,
                                pixels: Array(repeating: [255, 0, 0, 0], count: 256).flatMap { $0 })
        let onWhite = try JPEGCodec.decode(try JPEGCodec.encode(clear))
        XCTAssertEqual(onWhite.format, .rgb)
        XCTAssertTrue(onWhite.pixels.allSatisfy { $0 >= 250 }, "transparent pixels become the white background")
        let onBlack = try JPEGCodec.decode(try JPEGCodec.encode(clear, background: .black))
        XCTAssertTrue(onBlack.pixels.allSatisfy { $0 <= 5 })
    }

    func testTheSameImageGivesTheSameBytes() throws {
        let source = JPEGFixtures.gradient(width: 33, height: 17)
        XCTAssertEqual(try JPEGCodec.encode(source), try JPEGCodec.encode(source))
    }

    /// Odd sizes (not multiples of the 16×16 MCU), a single pixel and a long thin strip.
    func testOddSizesRoundTrip() throws {
        for (width, height) in [(1, 1), (17, 3), (3, 17), (1000, 1), (1, 700)] {
            let source = RasterImage(width: width, height: height, format: .rgb, filledWith: 77)
            let decoded = try JPEGCodec.decode(try JPEGCodec.encode(source))
            XCTAssertEqual(decoded.width, width)
            XCTAssertEqual(decoded.height, height)
            XCTAssertLessThan(meanError(decoded, source), 2, "\(width)×\(height)")
        }
    }

    func testWhatCannotBeEncodedIsRefusedInOneLine() {
        let image = RasterImage(width: 4, height: 4, format: .rgb, filledWith: 0)
        for quality in [0, -5, 101, Int.max] {
            XCTAssertThrowsError(try JPEGCodec.encode(image, quality: quality)) { error in
                guard case .unsupported(let text) = error as? JPEGError else { return XCTFail("\(error)") }
                XCTAssertTrue(text.contains("quality"), text)
            }
        }
        for (width, height) in [(0, 0), (0, 5), (65501, 1)] {
            let odd = RasterImage(width: width, height: height, format: .gray, filledWith: 0)
            XCTAssertThrowsError(try JPEGCodec.encode(odd)) { error in
                guard let jpeg = error as? JPEGError, case .unsupported = jpeg else { return XCTFail("\(error)") }
                XCTAssertFalse(jpeg.description.contains("\n"))
                XCTAssertTrue(jpeg.description.contains("\(width)×\(height)"), jpeg.description)
            }
        }
    }
}
