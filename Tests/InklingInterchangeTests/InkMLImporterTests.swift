import Foundation
import InklingInterchange
import InklingStrokes
import XCTest

/// InkML: channels, units, difference encoding, contexts and brushes, hostile XML, errors.
final class InkMLImporterTests: XCTestCase {
    private func read(_ text: String) throws(InkImportError) -> Drawing {
        try InkMLImporter.read(Array(text.utf8), options: InkImportOptions())
    }

    private func error(_ text: String) -> String {
        do { _ = try read(text); return "no error" } catch { return error.description }
    }

    private func ink(_ body: String) -> String { #"<ink xmlns="http://www.w3.org/2003/InkML">"# + body + "</ink>" }

    func testTabletSampleUnitsTimeForceBrushAndGroups() throws {
        let bytes = try ExcalidrawImporterTests.sample("inkml-tablet.inkml")
        XCTAssertTrue(InkMLImporter.looksLike(bytes))
        let drawing = try InkMLImporter.read(bytes, options: InkImportOptions())
        XCTAssertEqual(drawing.strokes.count, 3)
        let cm = 72 / 2.54
        let first = drawing.strokes[0]
        XCTAssertEqual(first.path.count, 6)
        XCTAssertEqual(first.path.points[0].location.x, 1 * cm, accuracy: 1e-9)
        XCTAssertEqual(first.path.points[1].location.y, 2.125 * cm, accuracy: 1e-9)
        XCTAssertEqual(first.path.points.map(\.timeOffset), [0, 0.01, 0.02, 0.03, 0.04, 0.05])
        XCTAssertEqual(first.path.points[0].force, 2 * 200 / 1023, accuracy: 1e-12)
        XCTAssertEqual(first.ink.color.hexString, "#e03131ff")
        XCTAssertEqual(first.path.points[0].size.width, 0.1 * cm, accuracy: 1e-9)
        let nested = drawing.strokes[1]
        XCTAssertEqual(nested.path.points[1].force, 2, accuracy: 1e-12, "max force is force 2")
        XCTAssertEqual(nested.path.points[1].timeOffset, 0.02, accuracy: 1e-12)
        XCTAssertEqual(nested.ink.color, first.ink.color, "the brush is inherited through nested groups")
        let plain = drawing.strokes[2]
        XCTAssertEqual(plain.path.points.map(\.location), [Point2D(x: 10, y: 10), Point2D(x: 20, y: 20), Point2D(x: 30, y: 10)])
        XCTAssertEqual(plain.ink.color, .black)
        XCTAssertEqual(plain.path.points[0].force, StrokePoint.Defaults.force)
    }

    func testDifferenceEncodingAndResolution() throws {
        let drawing = try InkMLImporter.read(try ExcalidrawImporterTests.sample("inkml-difference.inkml"), options: InkImportOptions())
        let p = drawing.strokes[0].path.points
        let s = 72.0 / 1000  // 1000 device units per inch
        let expected: [(Double, Double, Double)] = [(1000, 2000, 0), (1010, 1995, 0.01), (1022, 1991, 0.02), (1041, 1984, 0.03), (500, 500, 0.5)]
        XCTAssertEqual(p.count, expected.count)
        for (point, (x, y, t)) in zip(p, expected) {
            XCTAssertEqual(point.location.x, x * s, accuracy: 1e-9)
            XCTAssertEqual(point.location.y, y * s, accuracy: 1e-9)
            XCTAssertEqual(point.timeOffset, t, accuracy: 1e-9)
        }
    }

    func testCompactValuesAndIntermittentChannels() throws {
        let body = """
        <traceFormat xml:id="f"><channel name="X"/><channel name="Y"/>
        <intermittentChannels><channel name="F" max="10"/></intermittentChannels></traceFormat>
        <trace contextRef="#c">10-5 5, 1.5e1 .5, 3 4 ?</trace><context xml:id="c" traceFormatRef="#f"/>
        """
        let p = try read(ink(body)).strokes[0].path.points
        XCTAssertEqual(p.map(\.location), [Point2D(x: 10, y: -5), Point2D(x: 15, y: 0.5), Point2D(x: 3, y: 4)])
        XCTAssertEqual(p[0].force, 1, accuracy: 1e-12)
        XCTAssertEqual(p[2].force, StrokePoint.Defaults.force)
    }

    func testRoundTripThroughCanonicalJSONKeepsChannels() throws {
        for name in ["inkml-tablet.inkml", "inkml-difference.inkml"] {
            let drawing = try InkMLImporter.read(try ExcalidrawImporterTests.sample(name), options: InkImportOptions())
            for layout in StrokeJSONEncoder.Layout.allCases {
                XCTAssertEqual(try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: layout).encode(drawing)), drawing, name)
            }
        }
    }

    func testErrorsNameTraceAndPoint() {
        XCTAssertEqual(error(ink("<trace>1 2, 3 4, 5</trace>")), "inkml: trace 1, point 3: expected 2 values (X Y), got 1")
        XCTAssertEqual(error(ink("<trace>1 2</trace><trace>1 2, 3 x</trace>")),
                       #"inkml: trace 2, point 2: expected a number for channel Y, got "x""#)
        XCTAssertEqual(error(ink("<trace>1 2 3</trace>")), "inkml: trace 1, point 1: more values than the 2 channels of the trace format")
        XCTAssertEqual(error(ink("<trace>1 2,,3 4</trace>")), "inkml: trace 1, point 2: an empty point (two commas in a row?)")
        XCTAssertEqual(error(ink("<trace>1 ?</trace>")), #"inkml: trace 1, point 1: channel Y is not intermittent; "?" is only for intermittent channels"#)
        XCTAssertEqual(error(ink(##"<trace contextRef="#nope">1 2</trace>"##)), ##"inkml: line 1: reference "#nope" names no element"##)
        XCTAssertEqual(error(ink(##"<traceFormat xml:id="t"><channel name="X" units="furlong"/><channel name="Y"/></traceFormat><context xml:id="c" traceFormatRef="#t"/><trace contextRef="#c">1 2</trace>"##)),
                       #"inkml: trace 1: channel X has units "furlong"; expected in, cm, mm, m, pt, pc, px or dev"#)
        XCTAssertEqual(error("<svg/>"), "inkml: line 1: the root element must be <ink>, got <svg>")
        XCTAssertEqual(error("<ink>\n<trace>1 2</ink>"), "inkml: line 2: Premature end of data in tag ink line 1")
        XCTAssertEqual(error(""), "inkml: empty document")
        let tooBig: String
        do { _ = try InkMLImporter.read(Array(ink("").utf8), options: InkImportOptions(maxBytes: 4)); tooBig = "no error" } catch { tooBig = error.description }
        XCTAssertTrue(tooBig.contains("more than the limit of 4"), tooBig)
    }

    func testBillionLaughsIsRefusedWithoutExpanding() {
        var dtd = #"<!DOCTYPE ink [<!ENTITY lol0 "lol">"#
        for i in 1...9 { dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">" }
        dtd += "]>"
        let start = Date()
        XCTAssertEqual(error(dtd + "<ink><trace>&lol9;</trace></ink>"),
                       "inkml: document type declarations (DTDs, entities) are not accepted")
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testExternalEntitiesAndDTDsAreNotFetched() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkml-xxe-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let secret = dir.appendingPathComponent("secret.txt")
        try "1 2, 3 4".write(to: secret, atomically: true, encoding: .utf8)
        let entity = "<!DOCTYPE ink [<!ENTITY xxe SYSTEM \"file://\(secret.path)\">]><ink><trace>&xxe;</trace></ink>"
        XCTAssertEqual(error(entity), "inkml: document type declarations (DTDs, entities) are not accepted")
        let external = "<!DOCTYPE ink SYSTEM \"file://\(secret.path)\"><ink><trace>1 2</trace></ink>"
        XCTAssertEqual(error(external), "inkml: document type declarations (DTDs, entities) are not accepted")
        XCTAssertTrue(error(ink("<trace>&undeclared;</trace>")).contains("Entity 'undeclared' not defined"))
    }

    func testHostileInputNeverCrashes() {
        let deep = String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000)
        for junk in ["<", "\u{0}\u{ff}", "<ink>", deep, ink("<trace>'</trace>"), ink("<trace>1e999 2</trace>"), ink("<trace>* 2</trace>")] {
            XCTAssertNotEqual(error(junk), "no error", junk)
        }
        XCTAssertEqual(try read(ink("<trace> </trace>")).strokes.count, 0)
    }

    func testSniffing() {
        XCTAssertTrue(InkMLImporter.looksLike(Array("\u{FEFF}<?xml version=\"1.0\"?>\n<ink xmlns=\"http://www.w3.org/2003/InkML\">".utf8)))
        XCTAssertTrue(InkMLImporter.looksLike(Array("<inkml:ink xmlns:inkml=\"http://www.w3.org/2003/InkML\">".utf8)))
        XCTAssertFalse(InkMLImporter.looksLike(Array("<svg><inkscape/></svg>".utf8)))
        XCTAssertFalse(InkMLImporter.looksLike(Array(#"{"ink": 1}"#.utf8)))
    }
}
