import Foundation
import InklingStrokes
import XCTest

@testable import InklingInterchange

final class FreehandImporterTests: XCTestCase {
    private func sample(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try [UInt8](Data(contentsOf: root.appendingPathComponent("Strokes/interchange/\(name)")))
    }

    private func read(_ text: String) throws -> Drawing {
        try FreehandImporter.read(Array(text.utf8), options: InkImportOptions())
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try FreehandImporter.read(Array(text.utf8), options: InkImportOptions())
            XCTFail("expected an error for \(text.prefix(60))", file: file, line: line)
            return ""
        } catch {
            XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
            return error.description
        }
    }

    func testArrayPointsAreOneStrokeWithForceFromPressure() throws {
        let d = try read("[[10, 20, 0.5], [30, 40, 0.8], [50, 60]]")
        XCTAssertEqual(d.strokes.count, 1)
        let p = d.strokes[0].path.points
        XCTAssertEqual(p.map(\.location), [Point2D(x: 10, y: 20), Point2D(x: 30, y: 40), Point2D(x: 50, y: 60)])
        XCTAssertEqual(p.map(\.force), [1.0, 1.6, 1.0])
        XCTAssertEqual(p.map(\.size.width), [16, 16, 16], "getStroke's default size")
        XCTAssertEqual(d.strokes[0].ink, Ink(.pen, shape: .freehand), "drawn as perfect-freehand draws")
        // getStroke reads a first [x, y] without a pressure at 0.25, any other at 0.5.
        XCTAssertEqual(try read("[[1, 2], [3, 4]]").strokes[0].path.points.map(\.force), [0.5, 1.0])
        XCTAssertEqual(try read(#"[{"x": 1, "y": 2}, {"x": 3, "y": 4}]"#).strokes[0].path.points.map(\.force), [1.0, 1.0])
        XCTAssertNil(d.canvas)
    }

    func testObjectPointsAndStrokeLists() throws {
        let one = try read(#"[{"x": 1, "y": 2, "pressure": 0.25}, {"x": 3, "y": 4}]"#)
        XCTAssertEqual(one.strokes.count, 1)
        XCTAssertEqual(one.strokes[0].path.points.map(\.force), [0.5, 1.0])
        let many = try read(#"[[[0,0,0.1],[1,1,0.2]], [], [{"x":5,"y":6}]]"#)
        XCTAssertEqual(many.strokes.count, 2, "empty strokes are skipped")
        XCTAssertEqual(many.strokes[0].path.points.map(\.force), [0.2, 0.4])
        XCTAssertEqual(many.strokes[1].path.points[0].location, Point2D(x: 5, y: 6))
        XCTAssertEqual(try read("[]").strokes.count, 0)
    }

    func testSamplesDecode() throws {
        let sig = try FreehandImporter.read(try sample("freehand-signature.json"), options: InkImportOptions())
        XCTAssertEqual(sig.strokes.count, 1)
        XCTAssertEqual(sig.strokes[0].path.count, 48)
        XCTAssertEqual(sig.strokes[0].path.points[0].location, Point2D(x: 40, y: 134))
        XCTAssertEqual(sig.strokes[0].path.points[0].force, 0.5, accuracy: 1e-12)
        let smiley = try FreehandImporter.read(try sample("freehand-objects.json"), options: InkImportOptions())
        XCTAssertEqual(smiley.strokes.map(\.path.count), [33, 2, 2, 13])
        XCTAssertEqual(smiley.strokes[1].path.points[1].force, 1.6, accuracy: 1e-12)
        XCTAssertTrue(smiley.strokes[3].path.points.allSatisfy { $0.force == 1 })
    }

    func testRoundTripThroughCanonicalJSON() throws {
        for name in ["freehand-signature.json", "freehand-objects.json"] {
            let d = try FreehandImporter.read(try sample(name), options: InkImportOptions())
            for layout in StrokeJSONEncoder.Layout.allCases {
                let back = try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: layout).encode(d))
                XCTAssertEqual(back, d, "\(name) \(layout)")
            }
        }
    }

    func testMalformedInputNamesWhere() {
        XCTAssertTrue(error(#"{"x": 1}"#).hasPrefix("freehand: x: expected a stroke: an array of points"))
        XCTAssertTrue(error("[[1, 2], [3]]").hasPrefix("freehand: points[1]: expected a point"))
        XCTAssertTrue(error(#"[[1, 2, "hard"]]"#).hasPrefix("freehand: points[0][2]: expected a pressure in 0…1"))
        XCTAssertTrue(error("[[1, 2, 1.5]]").contains("points[0][2]"))
        XCTAssertTrue(error(#"[[1, "NaN"]]"#).hasPrefix("freehand: points[0][1]: expected a finite number"))
        XCTAssertTrue(error("[[1, 1e400]]").hasPrefix("freehand: "))
        XCTAssertTrue(error("[[1, 2e7]]").contains("points[0][1]"))
        XCTAssertTrue(error(#"[[[1,2]], 7]"#).hasPrefix("freehand: strokes[1]: expected an array of points"))
        XCTAssertTrue(error(#"[[[1,2]], [{"y": 2}]]"#).hasPrefix("freehand: strokes[1][0].x:"))
        XCTAssertTrue(error(#"[{"x": true, "y": 2}]"#).hasPrefix("freehand: points[0].x:"))
        XCTAssertTrue(error("[[1, 2,").contains("invalid JSON"))
        XCTAssertTrue(error("").hasPrefix("freehand: "))
        XCTAssertTrue(error("42").contains("got a number"))
        XCTAssertTrue(error(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).contains("nesting"))
        XCTAssertTrue(error(String(repeating: "[", count: 10_000)).contains("nesting"))
    }

    func testNullPressureIsMissingAndMaxBytesIsChecked() throws {
        XCTAssertEqual(try read("[[1, 2, null]]").strokes[0].path.points[0].force, 0.5)
        XCTAssertEqual(try read("[[0, 0, 0.5], [1, 2, null]]").strokes[0].path.points[1].force, 1)
        XCTAssertThrowsError(try FreehandImporter.read(Array("[[1,2]]".utf8), options: InkImportOptions(maxBytes: 3))) {
            XCTAssertTrue(String(describing: $0).contains("maxBytes"))
        }
    }

    /// Strokes kept under names, as perfect-freehand's demo keeps `corners.json`: one stroke each.
    func testNamedStrokesAreOneStrokeEach() throws {
        let bytes = try sample("freehand-named.json")
        XCTAssertEqual(InkFormatDetector.detect(bytes), .freehand)
        let drawing = try FreehandImporter.read(bytes, options: InkImportOptions())
        XCTAssertEqual(drawing.strokes.count, 1)
        XCTAssertEqual(drawing.strokes[0].path.count, 60)
        XCTAssertEqual(drawing.strokes[0].path.points[0].location, Point2D(x: 8.49, y: 272.75))
        XCTAssertEqual(drawing.strokes[0].path.points[0].force, 1, "pressure 0.5; the time is ignored")
        XCTAssertEqual(drawing.strokes[0].ink.shape, .freehand)
        let two = try read(#"{"a": [[0, 0], [5, 5]], "empty": [], "b": [{"x": 1, "y": 2, "pressure": 0.25}]}"#)
        XCTAssertEqual(two.strokes.map(\.path.count), [2, 1])
        XCTAssertEqual(two.strokes[1].path.points[0].force, 0.5)
        XCTAssertTrue(error(#"{"a": [[0, 0]], "b": [[1]]}"#).hasPrefix("freehand: b[0]: expected a point"))
    }

    /// The state perfect-freehand's demo app saves: each draw shape a stroke with its style.
    func testDemoStateReadsEachDrawShapeWithItsStyle() throws {
        let bytes = try sample("freehand-demo-state.json")
        XCTAssertEqual(InkFormatDetector.detect(bytes), .freehand)
        let drawing = try FreehandImporter.read(bytes, options: InkImportOptions())
        XCTAssertEqual(drawing.strokes.count, 2)
        let mouse = drawing.strokes[0], pen = drawing.strokes[1]
        XCTAssertEqual(mouse.path.points[0].location, Point2D(x: 412, y: 318 + 77.14), "points are relative to the shape's point")
        XCTAssertEqual(mouse.ink.shape, StrokeShape(preset: .freehand, size: 16, thinning: 0.5, smoothing: 0.5, streamline: 0.5,
                                                    taperStart: 0, taperEnd: 0, simulatePressure: true, easing: .linear, last: true))
        XCTAssertEqual(pen.ink.shape?.size, 10)
        XCTAssertEqual(pen.ink.shape?.thinning, 0.7)
        XCTAssertEqual(pen.ink.shape?.easing, .easeOutSine)
        XCTAssertEqual(pen.ink.shape?.simulatePressure, false, "the pen's third point has its own pressure")
        XCTAssertEqual(pen.path.points[0].size.width, 10, "the nib is the style's size")
        XCTAssertEqual(pen.ink.color.hexString, "#1d4ed8ff")

        func state(_ shape: String) -> String {
            #"{"appState": {}, "page": {"id": "page", "shapes": {"s1": "# + shape + #"}}, "pageState": {}}"#
        }
        let point = #""point": [10, 20], "points": [[0, 0, 0.5], [10, 0, 0.5], [20, 0, 0.5]]"#
        let tapered = try read(state(#"{"type": "draw", "#+point+#", "isDone": false, "style": {"size": 8, "taperStart": 4, "taperEnd": true}}"#))
        XCTAssertEqual(tapered.strokes[0].ink.shape?.taperStart, 0.5, "a taper of 4 is half a width of 8")
        XCTAssertEqual(tapered.strokes[0].ink.shape?.taperEnd, 20.0 / 8, "true: the whole line")
        XCTAssertEqual(tapered.strokes[0].ink.shape?.last, false)
        let turned = try read(state(#"{"type": "draw", "#+point+#", "rotation": 1.5707963267948966}"#))
        let end = turned.strokes[0].transform.apply(to: turned.strokes[0].path.points[2].location)
        XCTAssertEqual(end.x, 20, accuracy: 1e-9); XCTAssertEqual(end.y, 30, accuracy: 1e-9)
        XCTAssertEqual(try read(state(#"null"#)).strokes.count, 0, "a deleted shape")
        XCTAssertEqual(try read(state(#"{"type": "rectangle"}"#)).strokes.count, 0)
        XCTAssertTrue(error(state(#"{"type": "draw", "#+point+#", "style": {"easing": "bouncy"}}"#))
            .hasPrefix("freehand: page.shapes.s1.style.easing: expected one of linear, easeInQuad"))
        XCTAssertTrue(error(state(#"{"type": "draw", "#+point+#", "style": {"thinning": 3}}"#))
            .hasPrefix("freehand: page.shapes.s1.style.thinning: expected a number -1…1"))
        XCTAssertTrue(error(state(#"{"type": "draw", "point": [0, 0]}"#)).contains("page.shapes.s1"))
    }

    func testLooksLike() {
        func sniff(_ s: String) -> Bool { FreehandImporter.looksLike(Array(s.utf8)) }
        XCTAssertTrue(sniff(" [[1, 2, 0.5]]"))
        XCTAssertTrue(sniff("[[-1, 2]]"))
        XCTAssertTrue(sniff("[[[1,2]]]"))
        XCTAssertTrue(sniff(#"[{"x": 1, "y": 2}]"#))
        XCTAssertTrue(sniff(#"[[{"x": 1, "y": 2}]]"#))
        XCTAssertFalse(sniff(#"[{"type": "pointerdown", "x": 1, "y": 2, "pointerId": 1}]"#))
        XCTAssertFalse(sniff(#"[[{"type": "pointermove", "clientX": 1}]]"#))
        XCTAssertFalse(sniff(#"{"format": "inkling.drawing"}"#))
        XCTAssertTrue(sniff(#"{"corners": [[8.49, 272.75, 0.5, 0]]}"#))
        XCTAssertTrue(sniff(#" { "s\"1" : [ [ -1, 2 ] ] }"#))
        XCTAssertTrue(sniff(#"{"a": [{"x": 1, "y": 2}]}"#))
        XCTAssertTrue(sniff(#"{"appState": {}, "page": {"id": "page", "shapes": {}}, "pageState": {}}"#))
        XCTAssertFalse(sniff(#"{"word": "cat", "drawing": [[[1, 2], [3, 4]]]}"#))
        XCTAssertFalse(sniff(#"{"events": [{"type": "pointerdown", "clientX": 1, "x": 1}]}"#))
        XCTAssertFalse(sniff(#"{"document": {"pages": {"page": {"shapes": {}}}}, "appState": {}, "pageState": {}}"#))
        XCTAssertFalse(sniff(#"{"a": ["x"]}"#))
        XCTAssertFalse(sniff(#"{"a": 1}"#))
        XCTAssertFalse(sniff("<ink>"))
        XCTAssertFalse(sniff("[]"))
        XCTAssertFalse(sniff(#"["a"]"#))
    }

    func testWrongTypesAndTruncationNeverCrash() throws {
        for name in ["freehand-signature.json", "freehand-objects.json"] {
            assertImporterNeverCrashes(try sample(name)) { try FreehandImporter.read($0, options: InkImportOptions()) }
        }
    }
}
