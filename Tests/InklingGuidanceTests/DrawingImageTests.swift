import InklingGuidance
import InklingStrokes
import XCTest

/// `Drawing.image(from:scale:)`, PencilKit's way of rendering a region of a drawing.
final class DrawingImageTests: XCTestCase {
    private let drawing = Drawing(strokes: [
        Fixtures.stroke(Fixtures.line((10, 10), (90, 10)), ink: .monoline, nib: 4),
        Fixtures.stroke(Fixtures.line((10, 50), (90, 50)), ink: .monoline, nib: 4),
    ])

    func testSizeIsTheRectTimesTheScaleRoundedUp() throws {
        let image = try drawing.image(from: Rect2D(x: 0, y: 0, width: 100, height: 60.2), scale: 2)
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 121)
        XCTAssertEqual(image.format, .gray)
    }

    func testRectOriginMapsToTheTopLeftCorner() throws {
        // Only the upper line falls in this rect: y = 10 maps to row (10 − 0) × 2 = 20.
        let image = try drawing.image(from: Rect2D(x: 0, y: 0, width: 100, height: 30), scale: 2)
        XCTAssertEqual(image.gray(100, 20), 255)
        XCTAssertEqual(image.gray(100, 40), 0)
        XCTAssertEqual(image.gray(100, 0), 0)
        // Shifting the rect down by 40 units brings the lower line to row (50 − 40) × 2 = 20.
        let lower = try drawing.image(from: Rect2D(x: 0, y: 40, width: 100, height: 30), scale: 2)
        XCTAssertEqual(lower.gray(100, 20), 255)
    }

    func testBadScaleIsAClearError() {
        for scale in [0, -1, Double.nan, .infinity] {
            XCTAssertThrowsError(try drawing.image(from: Rect2D(x: 0, y: 0, width: 10, height: 10), scale: scale)) { error in
                guard case .invalidPlacement = error as? GuidanceError else { return XCTFail("\(error)") }
            }
        }
    }

    func testOversizedRegionIsRejected() {
        XCTAssertThrowsError(try drawing.image(from: Rect2D(x: 0, y: 0, width: 10_000, height: 10), scale: 1)) { error in
            XCTAssertEqual(error as? GuidanceError, .invalidSize(width: 8193, height: 10))
        }
    }
}
