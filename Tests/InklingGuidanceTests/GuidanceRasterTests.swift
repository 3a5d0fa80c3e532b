import Foundation
@testable import InklingGuidance
import InklingStrokes
import XCTest

/// Strokes added onto a kept raster (live sessions): the same map as a whole painting but at
/// anti-aliased edges where a new stroke crosses an old one, for every encoding; a drawing that
/// is no continuation of the raster is painted whole.
final class GuidanceRasterTests: XCTestCase {
    private static let house: Drawing = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strokes/tablet-pen-house.json")
        return try! StrokeJSONDecoder().decode(Data(contentsOf: url))
    }()

    func testEncodeOfRasterIsRenderByteForByte() throws {
        for encoding in GuidanceEncoding.allCases {
            let renderer = GuidanceRenderer(options: GuidanceOptions(width: 256, height: 192, encoding: encoding, polarity: .blackOnWhite))
            let encoded = renderer.encode(try renderer.raster(Self.house)), rendered = try renderer.render(Self.house)
            XCTAssertTrue(encoded == rendered, "\(encoding): encode(raster) is not render")
        }
    }

    func testStrokesAddedOneByOneGiveTheWholePaintingButAtCrossingEdges() throws {
        let house = Self.house
        XCTAssertGreaterThan(house.strokes.count, 10)
        for encoding in GuidanceEncoding.allCases {
            let renderer = GuidanceRenderer(options: GuidanceOptions(width: 512, height: 384, encoding: encoding))
            var raster = try renderer.raster(Drawing(strokes: [], canvas: house.canvas))
            for count in 1...house.strokes.count {
                raster = try renderer.raster(adding: Drawing(strokes: Array(house.strokes.prefix(count)), canvas: house.canvas), onto: raster)
            }
            XCTAssertTrue(raster.strokes == house.strokes)
            let added = renderer.encode(raster).image.pixels
            let whole = try renderer.render(house).image.pixels
            var differing = 0, largest = 0
            for i in whole.indices {
                let difference = abs(Int(added[i]) - Int(whole[i]))
                largest = max(largest, difference)
                if difference > 2 { differing += 1 }
            }
            let inked = whole.filter { $0 > 0 }.count
            print("incremental \(encoding): \(differing) of \(inked) inked pixels differ by more than 2 (largest \(largest))")
            XCTAssertLessThanOrEqual(Double(differing), Double(inked) * 0.02, "\(encoding): at most 2% of the inked pixels")
        }
    }

    func testADrawingThatIsNoContinuationIsPaintedWhole() throws {
        let house = Self.house
        let renderer = GuidanceRenderer(options: GuidanceOptions(width: 256, height: 192, encoding: .scribble))
        let start = try renderer.raster(Drawing(strokes: Array(house.strokes.prefix(5)), canvas: house.canvas))
        // An undo: fewer strokes than the raster's.
        let undone = Drawing(strokes: Array(house.strokes.prefix(4)), canvas: house.canvas)
        try assertSame(try renderer.raster(adding: undone, onto: start), try renderer.raster(undone), "an undo")
        // A different first stroke.
        var changed = Array(house.strokes.prefix(6))
        changed.swapAt(0, 1)
        let other = Drawing(strokes: changed, canvas: house.canvas)
        try assertSame(try renderer.raster(adding: other, onto: start), try renderer.raster(other), "other strokes")
        // No canvas: the frame is the strokes' bounds, which a stroke far away moves.
        var far = house.strokes[5]
        far.transform = AffineTransform2D(translationX: 3000, y: 0)
        let unframed = Drawing(strokes: Array(house.strokes.prefix(5)) + [far])
        let bounded = try renderer.raster(Drawing(strokes: Array(house.strokes.prefix(5))))
        XCTAssertNotEqual(bounded.drawingToPixels, try renderer.raster(unframed).drawingToPixels)
        try assertSame(try renderer.raster(adding: unframed, onto: bounded), try renderer.raster(unframed), "bounds moved")
        // Other options.
        let soft = GuidanceRenderer(options: GuidanceOptions(width: 256, height: 192, encoding: .soft))
        let more = Drawing(strokes: Array(house.strokes.prefix(6)), canvas: house.canvas)
        try assertSame(try soft.raster(adding: more, onto: start), try soft.raster(more), "other options")
        // Nothing added: the raster itself.
        try assertSame(try renderer.raster(adding: Drawing(strokes: Array(house.strokes.prefix(5)), canvas: house.canvas), onto: start),
                       start, "nothing added")
    }

    /// Asserts two rasters are the same without printing their pixels.
    private func assertSame(_ a: GuidanceRaster, _ b: GuidanceRaster, _ what: String, line: UInt = #line) throws {
        XCTAssertEqual(a.options, b.options, what, line: line)
        XCTAssertEqual(a.drawingToPixels, b.drawingToPixels, what, line: line)
        XCTAssertEqual(a.strokes.count, b.strokes.count, what, line: line)
        XCTAssertTrue(a.strokes == b.strokes, "\(what): strokes", line: line)
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(what): pixels differ", line: line)
    }
}
