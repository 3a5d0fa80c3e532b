import InklingGuidance
import InklingImageIO
import InklingStrokes
import XCTest

final class RenderTests: XCTestCase {
    private let canvas = Size2D(width: 200, height: 200)

    func testScribbleIsWhiteOnBlack() throws {
        let image = try Fixtures.render(Drawing(strokes: [Fixtures.stroke(Fixtures.line((20, 100), (180, 100)), nib: 8)], canvas: canvas))
        XCTAssertEqual(image.format, .gray)
        XCTAssertEqual(image.gray(0, 0), 0)
        XCTAssertEqual(image.gray(5, 250), 0)
        XCTAssertEqual(image.gray(128, 128), 255)
        XCTAssertEqual(image.pixels.max(), 255)
    }

    func testEmptyDrawingIsBlack() throws {
        for encoding in GuidanceEncoding.allCases {
            let image = try Fixtures.render(Drawing(), 64, 32, encoding: encoding)
            XCTAssertEqual(image.width, 64); XCTAssertEqual(image.height, 32)
            XCTAssertTrue(image.pixels.allSatisfy { $0 == 0 }, "\(encoding)")
        }
    }

    func testThinStrokeOnHugeCanvasStaysVisible() throws {
        // A 1-unit web stroke on a 4000-wide canvas at 512: 0.12 px wide without the minimum.
        let stroke = Fixtures.stroke(Fixtures.line((100, 2000), (3900, 2000)), ink: .monoline, nib: 1)
        let drawing = Drawing(strokes: [stroke], canvas: Size2D(width: 4000, height: 4000))
        let visible = try Fixtures.render(drawing, 512, 512)
        XCTAssertGreaterThan(visible.count(above: 128), 400)
        XCTAssertGreaterThan((100..<400).map { visible.gray($0, 256) }.min()!, 128)
        let faint = try Fixtures.render(drawing, 512, 512, minimumLineWidth: 0)
        XCTAssertLessThan(faint.pixels.max()!, 100)
    }

    func testMaskClipsTheStroke() throws {
        var stroke = Fixtures.stroke(Fixtures.line((0, 100), (200, 100)), nib: 10)
        stroke.mask = StrokeMask(rect: Rect2D(x: 0, y: 0, width: 100, height: 200))
        let image = try Fixtures.render(Drawing(strokes: [stroke], canvas: canvas))
        // x = 100 in drawing space is pixel 128; the right side is black.
        for y in 0..<256 { for x in 131..<256 { XCTAssertEqual(image.gray(x, y), 0) } }
        XCTAssertEqual(image.gray(80, 128), 255)
    }

    func testMaskFollowsTheStrokeTransform() throws {
        var stroke = Fixtures.stroke(Fixtures.line((0, 100), (200, 100)), nib: 10)
        stroke.mask = StrokeMask(rect: Rect2D(x: 0, y: 0, width: 100, height: 200))
        stroke.transform = AffineTransform2D(translationX: 0, y: -50)
        let image = try Fixtures.render(Drawing(strokes: [stroke], canvas: canvas))
        XCTAssertEqual(image.gray(80, 70), 255)
        XCTAssertEqual(image.gray(180, 70), 0)
        XCTAssertEqual(image.gray(80, 128), 0)
    }

    func testTransformMovesStrokes() throws {
        let plain = Fixtures.stroke(Fixtures.line((40, 50), (160, 50)), nib: 6)
        var moved = plain
        moved.transform = AffineTransform2D(translationX: 0, y: 100)
        let a = try Fixtures.render(Drawing(strokes: [plain], canvas: canvas))
        let b = try Fixtures.render(Drawing(strokes: [moved], canvas: canvas))
        func centroidY(_ image: RasterImage) -> Double {
            var sum = 0.0, weight = 0.0
            for y in 0..<image.height { for x in 0..<image.width { let v = Double(image.gray(x, y)); sum += v * Double(y); weight += v } }
            return sum / weight
        }
        XCTAssertEqual(centroidY(b) - centroidY(a), 100 * (256 - 2 * 12.8) / 200, accuracy: 0.5)
    }

    func testSoftIsWiderWithTheSamePeak() throws {
        let drawing = Drawing(strokes: [Fixtures.stroke(Fixtures.line((20, 100), (180, 100)), nib: 3)], canvas: canvas)
        let scribble = try Fixtures.render(drawing, 512, 512)
        let soft = try Fixtures.render(drawing, 512, 512, encoding: .soft)
        XCTAssertGreaterThan(soft.count(above: 0), scribble.count(above: 0) * 2)
        // The blur dims a thin line; the soft map is brightened so the line is back at the peak.
        XCTAssertGreaterThanOrEqual(soft.pixels.max() ?? 0, scribble.pixels.max() ?? 0)
        // Across the line (row 256 in the middle), the soft profile falls off gradually.
        // The line's centre may be a plateau at the peak (the gain saturates it): its middle is
        // the line's row, and below its end the profile falls.
        let column = (0..<512).map { soft.gray(256, $0) }
        let top = column.max()!
        let plateau = column.indices.filter { column[$0] == top }
        XCTAssertEqual(Double(plateau.first! + plateau.last!) / 2, 256, accuracy: 2)
        let end = plateau.last!
        for d in 1...8 { XCTAssertLessThanOrEqual(column[end + d], column[end + d - 1], "row +\(d)") }
        XCTAssertGreaterThan(column[end + 6], 0)
        XCTAssertEqual(scribble.gray(256, end + 6), 0)
    }

    func testSoftIsBrightOnLinesAndCrossingsAlike() throws {
        // One isolated stroke, and two strokes crossing at (150, 50); pen ink, 512².
        let isolated = Fixtures.stroke(Fixtures.line((20, 150), (180, 150)), nib: 3, alpha: 1)
        let across = Fixtures.stroke(Fixtures.line((100, 50), (200, 50)), nib: 3)
        let down = Fixtures.stroke(Fixtures.line((150, 0), (150, 100)), nib: 3)
        for strokes in [[isolated], [isolated, across, down], [isolated, across, down, across, down]] {
            let soft = try Fixtures.render(Drawing(strokes: strokes, canvas: canvas), 512, 512, encoding: .soft)
            // Canvas 200 → 512 with the fit's padding: find the brightest pixel near each centre.
            func near(_ x: Int, _ y: Int) -> UInt8 {
                var best: UInt8 = 0
                for dy in -8...8 { for dx in -8...8 { best = max(best, soft.gray(x + dx, y + dy)) } }
                return best
            }
            let scale = (512 - 2 * 0.05 * 512) / 200, pad = 0.05 * 512
            let line = near(Int(pad + 100 * scale), Int(pad + 150 * scale))
            XCTAssertGreaterThanOrEqual(line, 230, "an isolated stroke's centre, with \(strokes.count) strokes")
            if strokes.count > 1 {
                XCTAssertGreaterThanOrEqual(near(Int(pad + 150 * scale), Int(pad + 50 * scale)), 230, "a crossing's centre")
            }
        }
    }

    func testDistanceFallsOffMonotonically() throws {
        let drawing = Drawing(strokes: [Fixtures.stroke(Fixtures.line((20, 100), (180, 100)), nib: 4)], canvas: canvas)
        let image = try Fixtures.render(drawing, encoding: .distance)
        XCTAssertEqual(image.gray(128, 128), 255)
        let column = (128..<256).map { image.gray(128, $0) }
        for (a, b) in zip(column, column.dropFirst()) { XCTAssertGreaterThanOrEqual(a, b) }
        // 8% of 256 is 20.48 px; the stroke's edge is ~2.5 px from its centre.
        XCTAssertEqual(image.gray(128, 128 + 30), 0)
        XCTAssertGreaterThan(image.gray(128, 128 + 10), 80)
        XCTAssertEqual(image.gray(0, 0), 0)
    }

    func testConfidenceIsLowerForLightFastStrokes() throws {
        let heavySlow = Fixtures.stroke(Fixtures.line((20, 50), (180, 50)), nib: 6, force: 1.4, speed: 100)
        let lightFast = Fixtures.stroke(Fixtures.line((20, 150), (180, 150)), nib: 6, force: 0.2, speed: 5000)
        let image = try Fixtures.render(Drawing(strokes: [heavySlow, lightFast], canvas: canvas), encoding: .confidence)
        // Drawing y 50 and 150 land on pixel rows 70.4 and 185.6.
        let strong = (40..<216).map { image.gray($0, 70) }.max()!
        let weak = (40..<216).map { image.gray($0, 186) }.max()!
        XCTAssertGreaterThan(strong, 230)
        XCTAssertLessThan(weak, strong / 2)
        XCTAssertGreaterThan(weak, 0)
        XCTAssertEqual(ConfidenceModel.confidence(force: 1, speed: nil, opacity: 1), 1)
    }

    func testConfidenceKeepsTheMaximumWhereStrokesCross() throws {
        let strong = Fixtures.stroke(Fixtures.line((100, 20), (100, 180)), nib: 8, force: 1.4, speed: 100)
        let weak = Fixtures.stroke(Fixtures.line((20, 100), (180, 100)), nib: 8, force: 0.2, speed: 5000)
        for order in [[strong, weak], [weak, strong]] {
            let image = try Fixtures.render(Drawing(strokes: order, canvas: canvas), encoding: .confidence)
            XCTAssertGreaterThan(image.gray(128, 128), 230)
        }
    }

    func testLargeMapsRender() throws {
        let strokes = (0..<6).map { Fixtures.stroke(Fixtures.wave(from: 10, to: 190, y: 20 + Double($0) * 30, amplitude: 12), nib: 3) }
        let drawing = Drawing(strokes: strokes, canvas: canvas)
        for encoding in [GuidanceEncoding.scribble, .soft] {
            let image = try Fixtures.render(drawing, 4096, 4096, encoding: encoding)
            XCTAssertEqual(image.pixels.count, 4096 * 4096)
            XCTAssertGreaterThan(image.count(above: 128), 100_000, "\(encoding)")
        }
    }

    func testRenderingIsDeterministic() throws {
        let strokes = InkType.allCases.enumerated().map { i, ink in
            Fixtures.stroke(Fixtures.wave(from: 10, to: 190, y: 15 + Double(i) * 24, amplitude: 8), ink: ink, nib: 5,
                            forces: (0..<40).map { 0.3 + Double($0 % 7) * 0.2 }, seed: UInt32(i * 31))
        }
        let drawing = Drawing(strokes: strokes, canvas: canvas)
        for encoding in GuidanceEncoding.allCases {
            XCTAssertEqual(try Fixtures.render(drawing, 200, 150, encoding: encoding),
                           try Fixtures.render(drawing, 200, 150, encoding: encoding), "\(encoding)")
        }
    }

    func testInvalidOptionsThrow() {
        let drawing = Drawing(strokes: [Fixtures.stroke([(0, 0), (1, 1)])])
        func error(_ options: GuidanceOptions) -> GuidanceError? {
            do { _ = try GuidanceRenderer(options: options).render(drawing); return nil } catch { return error }
        }
        XCTAssertEqual(error(GuidanceOptions(width: 0, height: 10)), .invalidSize(width: 0, height: 10))
        XCTAssertEqual(error(GuidanceOptions(width: 10, height: 8193)), .invalidSize(width: 10, height: 8193))
        XCTAssertEqual(error(GuidanceOptions(width: 10, height: 10, padding: 0.6)), .invalidOption(name: "padding", value: 0.6))
        XCTAssertEqual(error(GuidanceOptions(width: 10, height: 10, minimumLineWidth: -1)),
                       .invalidOption(name: "minimumLineWidth", value: -1))
        XCTAssertNotNil(error(GuidanceOptions(width: 10, height: 10, softness: .nan)))
        XCTAssertFalse(GuidanceError.invalidSize(width: 0, height: 1).description.isEmpty)
    }

    func testNonFiniteGeometryThrows() {
        let bad = Drawing(strokes: [Fixtures.stroke([(0, 0), (1, 1)]), Fixtures.stroke([(0, 0), (.infinity, 1)])])
        XCTAssertThrowsError(try GuidanceRenderer(options: GuidanceOptions(width: 10, height: 10)).render(bad)) { error in
            XCTAssertEqual(error as? GuidanceError, .nonFiniteGeometry(strokeIndex: 1))
        }
    }

    func testInkAlphaScalesIntensity() throws {
        let half = Fixtures.stroke(Fixtures.line((20, 100), (180, 100)), nib: 8, alpha: 0.5)
        let image = try Fixtures.render(Drawing(strokes: [half], canvas: canvas))
        XCTAssertEqual(Int(image.gray(128, 128)), 128, accuracy: 3)
        let marker = Fixtures.stroke(Fixtures.line((20, 100), (180, 100)), ink: .marker, nib: 8)
        XCTAssertEqual(Int(try Fixtures.render(Drawing(strokes: [marker], canvas: canvas)).gray(128, 128)), 128, accuracy: 3)
    }
}
