import InklingImageIO
import XCTest

/// Every row filter gives back the same pixels; a fixed filter is honoured.
final class PNGRowFilterTests: XCTestCase {
    func testEveryFilterRoundTrips() throws {
        var pixels = [UInt8](repeating: 0, count: 61 * 37 * 3)
        for i in pixels.indices { pixels[i] = UInt8((i * 7 + i / 61) % 251) }
        let image = RasterImage(width: 61, height: 37, format: .rgb, pixels: pixels)
        var sizes: [PNGRowFilter: Int] = [:]
        for filter in PNGRowFilter.allCases {
            let bytes = try PNGCodec.encode(PNGDocument(image: image), compressionLevel: 1, filter: filter)
            XCTAssertEqual(try PNGCodec.decode(bytes).image, image, "\(filter)")
            sizes[filter] = bytes.count
        }
        XCTAssertNotEqual(sizes[.none], sizes[.paeth], "the filter changes what is written")
    }
}
