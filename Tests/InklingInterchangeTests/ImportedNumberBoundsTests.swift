import XCTest
import InklingInterchange
import InklingStrokes

/// Imported drawings are held to the canonical decoder's numeric bounds (nibs, transforms,
/// timings), so no importer can hand the rasterizer a number that overflows it.
final class ImportedNumberBoundsTests: XCTestCase {
    func testExcalidrawStrokeWidthBeyondTheExtentIsRefused() {
        let scene = #"{"type":"excalidraw","version":2,"elements":[{"id":"a","type":"freedraw","x":0,"y":0,"strokeWidth":1e17,"points":[[0,0],[10,10]]}]}"#
        XCTAssertThrowsError(try InkReader.read(Array(scene.utf8))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("excalidraw: stroke 0, point 0"), text)
            XCTAssertTrue(text.contains("width is 4.25e+17, expected a finite number in 0…2000000"), text)
            XCTAssertFalse(text.contains("\n"))
        }
    }

    func testEveryKindOfViolationIsNamed() {
        let limits = StrokeJSONDecoder.Limits.default
        func violation(_ stroke: Stroke, canvas: Size2D? = nil) -> String? {
            limits.firstNumericViolation(in: Drawing(strokes: [stroke], canvas: canvas))?.description
        }
        let points = [StrokePoint(location: Point2D(x: 1, y: 1)), StrokePoint(location: Point2D(x: 2, y: 3))]
        let plain = Stroke(ink: Ink(.pen), path: StrokePath(points: points))
        XCTAssertNil(violation(plain))

        var wide = points
        wide[1].size = Size2D(width: 4, height: 3e6)
        XCTAssertEqual(violation(Stroke(ink: Ink(.pen), path: StrokePath(points: wide))),
                       "stroke 0, point 1: height is 3000000, expected a finite number in 0…2000000 (2 × maxCoordinate, the coordinate extent)")
        var late = points
        late[1].timeOffset = .infinity
        XCTAssertEqual(violation(Stroke(ink: Ink(.pen), path: StrokePath(points: late))),
                       "stroke 0, point 1: timeOffset is inf, expected a number of seconds in 0…1000000000")

        var scaled = plain
        scaled.transform = AffineTransform2D(scaleX: 1e17, y: 1e17)
        XCTAssertEqual(violation(scaled), "stroke 0: the transform scales by 1e+17, more than 2000000 (2 × maxCoordinate, the coordinate extent)")
        scaled.transform = AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        XCTAssertEqual(violation(scaled), "stroke 0: the transform needs finite coefficients and a translation within ±1000000 (maxCoordinate)")
        scaled.transform = AffineTransform2D(scaleX: 6e5, y: 1)
        XCTAssertEqual(violation(scaled), "stroke 0, point 1: the transform moves it to (1200000, 3), beyond ±1000000 (maxCoordinate)")

        var masked = plain
        masked.mask = StrokeMask(polygons: [[Point2D(x: 0, y: 0), Point2D(x: 1e7, y: 0), Point2D(x: 0, y: 1)]])
        XCTAssertEqual(violation(masked), "stroke 0: a mask vertex (10000000, 0) is beyond ±1000000 (maxCoordinate)")

        XCTAssertEqual(violation(plain, canvas: Size2D(width: 5e-324, height: 10)), "canvas: canvas 5e-324×10 has a side outside 0.001…16384")
    }
}
