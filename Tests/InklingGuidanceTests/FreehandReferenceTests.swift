import Foundation
import InklingGuidance
import InklingInterchange
import InklingStrokes
import XCTest

/// Inkling's outlines of imported strokes against the outlines their apps draw, made with
/// perfect-freehand's Python port by `Freehand/make-references.py` and checked in: Excalidraw's
/// freedraw options (easing, `last`), sharp corners, and perfect-freehand's demo state.
final class FreehandReferenceTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Freehand")
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func json(_ name: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent(name))) as? [String: Any])
    }

    private func outline(_ value: Any?) throws -> [Point2D] {
        try XCTUnwrap(value as? [[Double]]).map { Point2D(x: $0[0], y: $0[1]) }
    }

    /// The one polygon a freehand stroke outlines to, in drawing space.
    private func polygon(_ stroke: Stroke) throws -> [Point2D] {
        let polygons = StrokeOutliner(spacing: 0.5).outline(for: stroke)
        XCTAssertEqual(polygons.count, 1)
        return try XCTUnwrap(polygons.first).map { stroke.transform.apply(to: $0) }
    }

    /// Excalidraw freedraw elements (recorded mouse strokes of 1, 2 and 4 widths, and a pen
    /// stroke with pressures) draw the outline Excalidraw draws for them: IoU at least 0.9 each
    /// (0.73 to 0.82 when the importer gave them Inkling's pen outline).
    func testExcalidrawFreedrawDrawsExcalidrawsOutline() throws {
        let scene = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("excalidraw-freedraw.excalidraw")))
        let drawing = try InkReader.read(scene, format: .excalidraw)
        let expected = try XCTUnwrap(json("excalidraw-freedraw-outlines.json")["outlines"] as? [String: Any])
        let names = ["mouse-sample", "mouse-flash", "mouse-corners", "pen-sample"]
        XCTAssertEqual(drawing.strokes.count, names.count)
        XCTAssertEqual(Set(expected.keys), Set(names))
        var report: [String] = []
        for (name, stroke) in zip(names, drawing.strokes) {
            XCTAssertEqual(stroke.ink.shape?.easing, .easeOutSine, name)
            XCTAssertEqual(stroke.ink.shape?.last, true, name)
            let iou = FreehandOutlineTests.intersectionOverUnion(try polygon(stroke), try outline(expected[name]))
            report.append("\(name) \(String(format: "%.4f", iou))")
            XCTAssertGreaterThanOrEqual(iou, 0.9, "\(name): IoU \(iou)")
        }
        print("excalidraw freedraw IoU against Excalidraw's perfect-freehand outline: " + report.joined(separator: ", "))
    }

    /// A zigzag (turns of about 143°) drawn with the freehand preset gets perfect-freehand's
    /// sharp corners: a half-turn cap at each corner, so its outline matches the port's.
    func testZigzagCornersAreDrawnAsPerfectFreehandDrawsThem() throws {
        let reference = try json("zigzag-outline.json")
        let input = try XCTUnwrap(reference["input"] as? [[Double]])
        let expected = try outline(reference["outline"])
        let direct = FreehandOutline.outline(input.map { FreehandOutline.Input(x: $0[0], y: $0[1]) })
        let array = "[" + input.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",") + "]"
        let imported = try InkReader.read(Array(array.utf8), format: .freehand)
        for (how, outline) in [("FreehandOutline", direct), ("importer + StrokeOutliner", try polygon(imported.strokes[0]))] {
            let iou = FreehandOutlineTests.intersectionOverUnion(outline, expected)
            print("zigzag (\(how)) IoU against perfect-freehand: \(String(format: "%.4f", iou))")
            XCTAssertGreaterThanOrEqual(iou, 0.9, "\(how): IoU \(iou)")
        }
        // Every corner's cap reaches a full radius (8) beyond the corner, past where the sides meet.
        for corner in [Point2D(x: 20, y: 60), Point2D(x: 40, y: 0), Point2D(x: 60, y: 60)] {
            let reach = direct.map { $0.distance(to: corner) }.filter { $0 < 12 }.max() ?? 0
            XCTAssertGreaterThan(reach, 5, "a cap around \(corner)")
        }
    }

    /// perfect-freehand's demo state: each draw shape drawn with its style (size, thinning,
    /// easing, `last` from `isDone`) as the demo draws it.
    func testDemoStateDrawsTheDemosOutlines() throws {
        let state = try [UInt8](Data(contentsOf: Self.repository.appendingPathComponent("Strokes/interchange/freehand-demo-state.json")))
        XCTAssertEqual(InkFormatDetector.detect(state), .freehand)
        let drawing = try InkReader.read(state)
        let expected = try XCTUnwrap(json("demo-state-outlines.json")["outlines"] as? [String: Any])
        XCTAssertEqual(drawing.strokes.count, 2)
        XCTAssertEqual(drawing.strokes[1].ink.shape?.easing, .easeOutSine)
        for (name, stroke) in zip(["sample", "a1b2c3"], drawing.strokes) {
            let iou = FreehandOutlineTests.intersectionOverUnion(try polygon(stroke), try outline(expected[name]))
            print("demo state \(name) IoU against perfect-freehand: \(String(format: "%.4f", iou))")
            XCTAssertGreaterThanOrEqual(iou, 0.9, "\(name): IoU \(iou)")
        }
    }

    /// Easing scales width as perfect-freehand's does: at average pressure `easeOutSine` gives a
    /// radius of size × sin(π/4) instead of size × 0.5, in the freehand outline and Inkling's own.
    func testEasingWidensAverageLinesBySinQuarterPi() throws {
        let line = (0...20).map { FreehandOutline.Input(x: Double($0) * 10, y: 0, pressure: 0.5) }
        func height(_ outline: [Point2D], atX x: Double) -> Double {
            // The outline's vertical extent near x (away from the caps).
            let near = outline.filter { abs($0.x - x) < 15 }.map(\.y)
            return (near.max() ?? 0) - (near.min() ?? 0)
        }
        var options = FreehandOutline.Options()
        options.simulatePressure = false
        let linear = height(FreehandOutline.outline(line, options: options), atX: 100)
        options.easing = .easeOutSine
        let eased = height(FreehandOutline.outline(line, options: options), atX: 100)
        XCTAssertEqual(linear, 16, accuracy: 0.01)
        XCTAssertEqual(eased, 32 * sin(Double.pi / 4), accuracy: 0.01)

        let points = Fixtures.line((0, 0), (200, 0), count: 21)
        var stroke = Fixtures.stroke(points, ink: .monoline, nib: 10)
        let plain = StrokeOutliner().outline(for: stroke).joined()
        stroke.ink.shape = StrokeShape(easing: .easeOutSine)
        let widened = StrokeOutliner().outline(for: stroke).joined()
        XCTAssertEqual(height(Array(plain), atX: 100), 10, accuracy: 0.05)
        XCTAssertEqual(height(Array(widened), atX: 100), 20 * sin(Double.pi / 4), accuracy: 0.05)
    }

    /// `last` ends the line on the last point; without it streamline leaves the end short.
    func testLastEndsTheLineOnTheLastPoint() {
        let line = (0...10).map { FreehandOutline.Input(x: Double($0) * 20, y: 0) }
        var options = FreehandOutline.Options()
        let lagging = FreehandOutline.outline(line, options: options).map(\.x).max() ?? 0
        options.last = true
        let finished = FreehandOutline.outline(line, options: options).map(\.x).max() ?? 0
        XCTAssertLessThan(lagging, 200, "streamline stops short of the last point")
        XCTAssertGreaterThan(finished, 200, "the end cap is around the last point itself")
    }
}
