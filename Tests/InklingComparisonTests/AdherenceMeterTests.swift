import InklingComparison
import InklingImageIO
import XCTest

final class AdherenceMeterTests: XCTestCase {
    private let sketch = SketchFixtures.map()

    func testTheSketchItselfAdheresFully() throws {
        let score = try AdherenceMeter.measure(image: SketchFixtures.drawing(of: sketch), guidance: sketch)
        XCTAssertGreaterThan(score.f1, 0.98, "\(score)")
        XCTAssertGreaterThan(score.precision, 0.98)
        XCTAssertGreaterThan(score.recall, 0.98)
        // Edges run along both sides of each 3 px line, so sketch pixels inside a line are up
        // to 1.5 px from an edge: the chamfer of a perfect copy is about a third of the width.
        XCTAssertLessThan(score.chamferDistance, 1.05, "\(score)")
        XCTAssertEqual(score.tolerance, 0.015 * 256, accuracy: 1e-12)
    }

    func testOnePixelShiftIsWithinTolerance() throws {
        let moved = SketchFixtures.drawing(of: SketchFixtures.map(dx: 1, dy: 1))
        let score = try AdherenceMeter.measure(image: moved, guidance: sketch)
        XCTAssertGreaterThan(score.f1, 0.95, "\(score)")
        XCTAssertLessThan(score.chamferDistance, 2.0)
    }

    func testTenPixelShiftScoresMuchLower() throws {
        let same = try AdherenceMeter.measure(image: SketchFixtures.drawing(of: sketch), guidance: sketch)
        let moved = SketchFixtures.drawing(of: SketchFixtures.map(dx: 10, dy: 10))
        let score = try AdherenceMeter.measure(image: moved, guidance: sketch)
        XCTAssertLessThan(score.f1, 0.35, "\(score)")
        XCTAssertLessThan(score.f1, same.f1 - 0.5)
        XCTAssertGreaterThan(score.chamferDistance, 5)
    }

    func testProgressivelyDisplacedCopiesScoreMonotonicallyLower() throws {
        var previous: (f1: Double, chamfer: Double)?
        for shift in [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32] {
            let image = SketchFixtures.drawing(of: SketchFixtures.map(dx: shift, dy: shift))
            let score = try AdherenceMeter.measure(image: image, guidance: sketch)
            if let previous {
                XCTAssertLessThanOrEqual(score.f1, previous.f1, "shift \(shift)")
                // Chamfer may dip by a fraction of a pixel while a shift stays inside the 3 px
                // line (one border edge moves into the line); beyond that it grows.
                XCTAssertGreaterThanOrEqual(score.chamferDistance, previous.chamfer - 0.25, "shift \(shift)")
            }
            previous = (score.f1, score.chamferDistance)
        }
        XCTAssertLessThan(previous!.f1, 0.2)
    }

    func testBlankImageRecallsNothing() throws {
        let blank = RasterImage(width: 256, height: 256, format: .rgb, filledWith: 255)
        let score = try AdherenceMeter.measure(image: blank, guidance: sketch)
        XCTAssertEqual(score.recall, 0)
        XCTAssertEqual(score.precision, 0)
        XCTAssertEqual(score.f1, 0)
        XCTAssertEqual(score.chamferDistance, (2.0 * 256 * 256).squareRoot(), accuracy: 1e-9)
    }

    func testNoiseHasLowPrecision() throws {
        let score = try AdherenceMeter.measure(image: SketchFixtures.noise(), guidance: sketch)
        XCTAssertLessThan(score.precision, 0.4, "\(score)")
        XCTAssertLessThan(score.f1, 0.55, "\(score)")
    }

    func testTransparentBackgroundIsPaper() throws {
        // Opaque dark lines on a fully transparent (black-valued) background: composited over
        // white it is the sketch itself.
        var rgba = [UInt8](repeating: 0, count: 256 * 256 * 4)
        for i in 0..<(256 * 256) where sketch.pixels[i] >= 128 { rgba[4 * i + 3] = 255 }
        let image = RasterImage(width: 256, height: 256, format: .rgba, pixels: rgba)
        let score = try AdherenceMeter.measure(image: image, guidance: sketch)
        XCTAssertGreaterThan(score.f1, 0.98, "\(score)")
    }

    func testSizeMismatchThrows() {
        let small = RasterImage(width: 128, height: 256, format: .rgb, filledWith: 255)
        XCTAssertThrowsError(try AdherenceMeter.measure(image: small, guidance: sketch)) { error in
            XCTAssertEqual(error as? AdherenceError,
                           .sizeMismatch(imageWidth: 128, imageHeight: 256, guidanceWidth: 256, guidanceHeight: 256))
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testEmptyInputsAndBadToleranceThrow() {
        let empty = RasterImage(width: 0, height: 0, format: .gray)
        XCTAssertThrowsError(try AdherenceMeter.measure(image: empty, guidance: empty)) {
            XCTAssertEqual($0 as? AdherenceError, .emptyImage)
        }
        let black = RasterImage(width: 256, height: 256, format: .gray)
        XCTAssertThrowsError(try AdherenceMeter.measure(image: sketch, guidance: black)) {
            XCTAssertEqual($0 as? AdherenceError, .emptyGuidance)
        }
        XCTAssertThrowsError(try AdherenceMeter.measure(image: sketch, guidance: sketch, tolerance: -1)) {
            XCTAssertEqual($0 as? AdherenceError, .invalidTolerance(-1))
        }
    }

    func testExplicitToleranceIsUsed() throws {
        let moved = SketchFixtures.drawing(of: SketchFixtures.map(dx: 10, dy: 10))
        let loose = try AdherenceMeter.measure(image: moved, guidance: sketch, tolerance: 20)
        XCTAssertEqual(loose.tolerance, 20)
        XCTAssertGreaterThan(loose.f1, 0.95)
    }
}
