import Foundation
import XCTest
@testable import InklingStrokes

/// Stroke shapes: one set of rules for the text form, stroke JSON and packed drawings; a
/// drawing's shape under each stroke's own; every refusal one line that names the field.
final class StrokeShapeTests: XCTestCase {
    private typealias S = JSONTestSupport

    func testTextFormReadsPresetsAndFieldsAndWritesItBack() throws {
        XCTAssertEqual(try StrokeShape(parsing: "freehand"), .freehand)
        let shape = try StrokeShape(parsing: "freehand, size=8, taper-end=2.5,simulate-pressure=no")
        XCTAssertEqual(shape, StrokeShape(preset: .freehand, size: 8, taperEnd: 2.5, simulatePressure: false))
        XCTAssertEqual(shape.description, "freehand,size=8,taperEnd=2.5,simulatePressure=false")
        XCTAssertEqual(try StrokeShape(parsing: shape.description), shape)
        XCTAssertEqual(StrokeShape().description, "ink")
        XCTAssertEqual(try StrokeShape(parsing: "thinning=-1,streamline=0"), StrokeShape(thinning: -1, streamline: 0))
        let excalidraw = try StrokeShape(parsing: "freehand,thinning=0.6,easing=easeOutSine,last=true")
        XCTAssertEqual(excalidraw, StrokeShape(preset: .freehand, thinning: 0.6, easing: .easeOutSine, last: true))
        XCTAssertEqual(excalidraw.description, "freehand,thinning=0.6,easing=easeOutSine,last=true")
        XCTAssertEqual(StrokeShape.keys.suffix(3), ["simulatePressure", "easing", "last"])
    }

    /// Every easing maps 0 to 0 and 1 to 1 and stays within 0…1 between, as perfect-freehand's
    /// demo defines them; easeOutSine is Excalidraw's sin(t·π/2).
    func testEasingsAreTheDemosCurves() {
        for easing in StrokeEasing.allCases {
            XCTAssertEqual(easing(0), 0, accuracy: 1e-9, easing.rawValue)
            XCTAssertEqual(easing(1), 1, accuracy: 1e-9, easing.rawValue)
            for i in 1..<100 { XCTAssertTrue((-1e-12...1 + 1e-12).contains(easing(Double(i) / 100)), easing.rawValue) }
        }
        XCTAssertEqual(StrokeEasing.linear(0.3), 0.3)
        XCTAssertEqual(StrokeEasing.easeOutSine(0.5), sin(Double.pi / 4), accuracy: 1e-15)
        XCTAssertEqual(StrokeEasing.easeOutCubic(0.5), 0.875, accuracy: 1e-15)
        XCTAssertEqual(StrokeEasing.easeInOutQuad(0.25), 0.125, accuracy: 1e-15)
        XCTAssertEqual(StrokeEasing.allCases.count, 19)
    }

    func testTextFormRefusalsNameTheFieldAndTheRange() {
        let cases: [(String, String)] = [
            ("", "expected a preset"),
            ("size=8,,thinning=1", "expected a preset"),
            ("thinning=1.5", "thinning: '1.5': expected a number -1…1"),
            ("size=0", "size: '0': expected a number 0.001…100000"),
            ("size=nan", "size: 'nan': expected a number"),
            ("size=inf", "size: 'inf': expected a number"),
            ("streamline=fast", "streamline: 'fast': expected a number 0…1"),
            ("wobbly", "preset: 'wobbly': expected one of ink, freehand"),
            ("colour=red", "colour: 'red': unknown shape field"),
            ("simulatePressure=1", "simulatePressure: '1': expected true or false"),
            ("preset=7", "preset: '7': expected one of ink, freehand"),
            ("easing=bouncy", "easing: 'bouncy': expected one of linear, easeInQuad"),
            ("easing=0.5", "easing: '0.5': expected one of linear"),
            ("last=maybe", "last: 'maybe': expected true or false"),
            ("f2e\u{0B}d", "preset: 'f2e d': expected one of ink, freehand"),
            ("size=1\n2", "size: '1 2': expected a number"),
            (String(repeating: "k", count: 300) + "=1", String(repeating: "k", count: 40) + ": '1': unknown shape field"),
            (String(repeating: "size=1,", count: 80) + "size=2", "longer than the 400"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try StrokeShape(parsing: text), text) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
                XCTAssertFalse("\(error)".contains(where: \.isNewline))
                XCTAssertLessThanOrEqual("\(error)".count, 400)
            }
        }
    }

    func testOverridingKeepsWhatTheOtherLeavesOut() {
        let base = StrokeShape(preset: .freehand, size: 16, thinning: 0.5)
        let merged = base.overridden(by: StrokeShape(thinning: 0.1, taperEnd: 3))
        XCTAssertEqual(merged, StrokeShape(preset: .freehand, size: 16, thinning: 0.1, taperEnd: 3))
        XCTAssertEqual(base.overridden(by: nil), base)
        XCTAssertNil(Ink(.pen).reshaped(by: StrokeShape()).shape, "an empty shape is no shape")
        XCTAssertEqual(Ink(.pen, shape: base).reshaped(by: StrokeShape(preset: .ink)).shape?.preset, .ink)
    }

    func testDrawingShapeAppliesUnderEachStrokesOwn() throws {
        let bytes = S.document(
            strokes: #"{"ink":{"type":"pen"},"points":[{"x":0,"y":0}]},{"ink":{"type":"marker","shape":{"size":3,"simulatePressure":false}},"points":[{"x":1,"y":1}]}"#,
            extra: #""shape":{"preset":"freehand","size":8},"#)
        let drawing = try StrokeJSONDecoder().decode(bytes)
        XCTAssertEqual(drawing.strokes[0].ink.shape, StrokeShape(preset: .freehand, size: 8))
        XCTAssertEqual(drawing.strokes[1].ink.shape, StrokeShape(preset: .freehand, size: 3, simulatePressure: false))
        // An empty object is no shape at all.
        let plain = try StrokeJSONDecoder().decode(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":{}},"#))
        XCTAssertNil(plain.strokes[0].ink.shape)
    }

    func testShapesRoundTripOncePerDrawingWhenShared() throws {
        let point = StrokePoint(location: Point2D(x: 1, y: 2))
        let shared = StrokeShape(preset: .freehand, size: 12.5, thinning: -0.25, smoothing: 0, streamline: 1, taperStart: 0.5, taperEnd: 4, simulatePressure: true,
                                 easing: .easeInOutSine, last: true)
        let same = Drawing(strokes: [Stroke(ink: Ink(.pen, shape: shared), path: StrokePath(points: [point])),
                                     Stroke(ink: Ink(.pencil, shape: shared), path: StrokePath(points: [point]))])
        let mixed = Drawing(strokes: [Stroke(ink: Ink(.pen, shape: shared), path: StrokePath(points: [point])),
                                      Stroke(ink: Ink(.pencil), path: StrokePath(points: [point]))])
        for layout in StrokeJSONEncoder.Layout.allCases {
            let sameBytes = StrokeJSONEncoder(layout: layout).encode(same)
            XCTAssertEqual(try StrokeJSONDecoder().decode(sameBytes), same)
            XCTAssertEqual(String(decoding: sameBytes, as: UTF8.self).components(separatedBy: "\"shape\"").count, 2, "written once")
            let mixedBytes = StrokeJSONEncoder(layout: layout, prettyPrinted: true).encode(mixed)
            XCTAssertEqual(try StrokeJSONDecoder().decode(mixedBytes), mixed)
            XCTAssertEqual(try PackedDrawing.decode(PackedDrawing.encode(mixed)), mixed)
        }
    }

    func testRefusalsInStrokeJSONNameThePath() {
        S.assertFails(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":[1]},"#),
                      .wrongType, at: "strokes[0].ink.shape")
        S.assertFails(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":{"size":-1}},"#),
                      .outOfRange, at: "strokes[0].ink.shape.size")
        S.assertFails(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":{"simulatePressure":"yes"}},"#),
                      .wrongType, at: "strokes[0].ink.shape.simulatePressure")
        S.assertFails(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":{"thinning":null}},"#),
                      .wrongType, at: "strokes[0].ink.shape.thinning")
        S.assertFails(S.document(strokes: #"{"points":[{"x":0,"y":0}]}"#, extra: #""shape":"freehand","#), .wrongType, at: "shape")
        S.assertFails(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":{"easing":"easeOutBounce"}},"#),
                      .wrongType, at: "strokes[0].ink.shape.easing")
        S.assertFails(S.document(points: #"[{"x":0,"y":0}]"#, stroke: #""ink":{"type":"pen","shape":{"last":1}},"#),
                      .wrongType, at: "strokes[0].ink.shape.last")
        S.assertFails(S.document(strokes: #"{"points":[{"x":0,"y":0}]}"#, extra: #""shape":{"taperEnd":99999999999999999999},"#),
                      .outOfRange, at: "shape.taperEnd")
    }

    func testAFixedSizeSetsTheStrokesBounds() {
        var stroke = Stroke(ink: Ink(.pen), path: StrokePath(points: [StrokePoint(location: Point2D(x: 0, y: 0))]))
        XCTAssertEqual(stroke.renderBounds?.width, 4)
        stroke.ink.shape = StrokeShape(size: 30)
        XCTAssertEqual(stroke.renderBounds?.width, 30)
        // The size replaces the nib: a finer line does not keep the default nib's bounds.
        stroke.ink.shape = StrokeShape(size: 0.05)
        XCTAssertEqual(stroke.renderBounds?.width ?? 0, 0.05, accuracy: 1e-12)
    }
}
