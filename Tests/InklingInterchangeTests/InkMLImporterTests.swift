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

    func testOfficeDocumentsInCentimetresAndHimetricComeOutTheSameSize() throws {
        let cm = try InkMLImporter.read(try ExcalidrawImporterTests.sample("inkml-office-cm.inkml"), options: InkImportOptions())
        var notices: [String] = []
        let himetric = try InkMLImporter.read(try ExcalidrawImporterTests.sample("inkml-office-himetric.inkml"), options: InkImportOptions(),
                                              notices: &notices)
        XCTAssertEqual(notices, [], "a zero resolution on F and degrees on tilt channels are not complaints")
        XCTAssertEqual(cm.strokes.count, 5)
        // The same face, written in cm with 1000 values per cm and in himetric (equal but for rounding).
        XCTAssertEqual(cm.strokes.map(\.ink), himetric.strokes.map(\.ink))
        for (a, b) in zip(cm.strokes.flatMap(\.path.points), himetric.strokes.flatMap(\.path.points)) {
            XCTAssertEqual(a.location.x, b.location.x, accuracy: 1e-9)
            XCTAssertEqual(a.location.y, b.location.y, accuracy: 1e-9)
            XCTAssertEqual(a.size.width, b.size.width, accuracy: 1e-9)
            XCTAssertEqual(a.size.height, b.size.height, accuracy: 1e-9)
            XCTAssertEqual(a.timeOffset, b.timeOffset)
            XCTAssertEqual(a.force, b.force)
        }
        XCTAssertEqual(cm.pointCount, himetric.pointCount)
        // The face is a circle of radius 3 cm about (4 cm, 4 cm): 1000 values per cm, not cm.
        let bounds = try XCTUnwrap(Drawing(strokes: [cm.strokes[0]]).bounds)
        let point = 72 / 2.54
        XCTAssertEqual(bounds.minX + bounds.width / 2, 4 * point, accuracy: 1)
        XCTAssertEqual(bounds.width, 6 * point + 1.5, accuracy: 1)
        // Pen brush: 0.0529 cm, Office's "thin"; the highlighter: a 0.2 × 0.6 cm rectangle, half transparent.
        XCTAssertEqual(cm.strokes[0].path.points[0].size.width, 0.0529 * point, accuracy: 1e-6)
        XCTAssertEqual(cm.strokes[0].ink.type, .pen)
        XCTAssertEqual(cm.strokes[0].ink.color.hexString, "#1f3a93ff")
        let highlighter = cm.strokes[4]
        XCTAssertEqual(highlighter.ink.type, .marker)
        XCTAssertEqual(highlighter.path.points[0].size, Size2D(width: 0.2 * point, height: 0.6 * point))
        XCTAssertEqual(highlighter.ink.color.alpha, 1 - 128 / 255, accuracy: 1e-9)
        // T in device units with a resolution of 1 per device unit: milliseconds.
        XCTAssertEqual(cm.strokes[0].path.points[1].timeOffset, 0.008, accuracy: 1e-12)
    }

    func testUnitsAndResolutionCombineAsDocumented() throws {
        // The worked example in docs/formats.md: X in cm with a resolution of 1000 per cm; 2540 is 2.54 cm, 72 points.
        let example = ink("""
        <inkSource xml:id="s"><traceFormat><channel name="X" units="cm"/><channel name="Y" units="cm"/></traceFormat>
        <channelProperties><channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>
        <channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/></channelProperties></inkSource>
        <trace inkSourceRef="#s">2540 1270</trace>
        """)
        XCTAssertEqual(try read(example).strokes[0].path.points[0].location, Point2D(x: 72, y: 36))
        // A zero, unreadable or ill-fitting resolution is "not given": the channel's units apply, with a notice.
        for bad in [#"value="0" units="1/cm""#, #"value="fast" units="1/cm""#, #"value="10" units="1/deg""#] {
            let doc = ink("""
            <inkSource xml:id="s"><traceFormat><channel name="X" units="mm"/><channel name="Y" units="mm"/></traceFormat>
            <channelProperties><channelProperty channel="X" name="resolution" \(bad)/></channelProperties></inkSource>
            <trace inkSourceRef="#s">25.4 0</trace>
            """)
            var notices: [String] = []
            let drawing = try InkMLImporter.read(Array(doc.utf8), options: InkImportOptions(), notices: &notices)
            XCTAssertEqual(drawing.strokes[0].path.points[0].location.x, 72, accuracy: 1e-9, bad)
            XCTAssertEqual(notices.count, 1, bad)
            XCTAssertTrue(notices.first?.contains("resolution of channel X") == true, "\(notices)")
        }
        // Whatever units or properties a channel Inkling ignores has, the document reads.
        let ignored = ink("""
        <inkSource xml:id="s"><traceFormat><channel name="X"/><channel name="Y"/><channel name="OA" units="rad"/>
        <channel name="OTx" units="furlongs"/></traceFormat>
        <channelProperties><channelProperty channel="OA" name="resolution" value="-3" units="1/rad"/>
        <channelProperty channel="OTx" name="resolution" value="x" units="1/parsec"/></channelProperties></inkSource>
        <trace inkSourceRef="#s">1 2 0.5 7</trace>
        """)
        XCTAssertEqual(try read(ignored).strokes[0].path.points[0].location, Point2D(x: 1, y: 2))
    }

    func testANibWithoutAWidthIsAtMostATwentyFifthOfTheDrawing() throws {
        // CROHME's formulas are under one unit wide: the fixture's "x + 1", scaled to 0.8 units.
        let text = String(decoding: try ExcalidrawImporterTests.sample("inkml-crohme.inkml"), as: UTF8.self)
        // Every <trace>'s points, X and Y times 0.008.
        var pieces = text.components(separatedBy: "<trace")
        for i in pieces.indices.dropFirst() {
            guard let open = pieces[i].firstIndex(of: ">"), let close = pieces[i].range(of: "</trace>") else { continue }
            let points = pieces[i][pieces[i].index(after: open)..<close.lowerBound].split(separator: ",").map { point -> String in
                var values = point.split(separator: " ").map(String.init)
                if values.count >= 2, let x = Double(values[0]), let y = Double(values[1]) { values[0] = "\(x * 0.008)"; values[1] = "\(y * 0.008)" }
                return values.joined(separator: " ")
            }
            pieces[i] = String(pieces[i][...open]) + points.joined(separator: ", ") + String(pieces[i][close.lowerBound...])
        }
        let scaled = pieces.joined(separator: "<trace")
        let tiny = try InkMLImporter.read(Array(scaled.utf8), options: InkImportOptions())
        let all = tiny.strokes.flatMap(\.path.points)
        let extent = max(all.map(\.location.x).max()! - all.map(\.location.x).min()!, all.map(\.location.y).max()! - all.map(\.location.y).min()!)
        XCTAssertLessThan(extent, 1)
        for point in all { XCTAssertEqual(point.size.width, extent / 25, accuracy: 1e-12, "a 25th of the extent, not 4 units") }
        // A drawing 100 units or more across keeps the default; a brush's width is always kept.
        let large = try read(ink("<trace>0 0, 300 40</trace>"))
        XCTAssertEqual(large.strokes[0].path.points[0].size, StrokePoint.Defaults.size)
        let brushed = try read(ink(##"<definitions><brush xml:id="b"><brushProperty name="width" value="3" units="dev"/></brush></definitions><trace brushRef="#b">0 0, 0.5 0.2</trace>"##))
        XCTAssertEqual(brushed.strokes[0].path.points[0].size.width, 3, accuracy: 1e-9)
    }

    func testATraceFormatDirectlyInInkAppliesToLaterTracesAndLibXMLStaysQuiet() throws {
        let bytes = try ExcalidrawImporterTests.sample("inkml-crohme.inkml")
        let drawing = try InkMLImporter.read(bytes, options: InkImportOptions())
        XCTAssertEqual(drawing.strokes.count, 5, "the <traceView>s of the group add no strokes")
        let first = drawing.strokes[0].path.points
        XCTAssertEqual(first[1].timeOffset, 0.01, accuracy: 1e-12)
        XCTAssertEqual(first[0].force, 2 * 0.3, accuracy: 1e-9)
        // Numeric xml:id values are not valid NCNames; libxml2 used to print that on stderr.
        let pipe = Pipe()
        let saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        _ = try? InkMLImporter.read(bytes, options: InkImportOptions())
        _ = try? InkMLImporter.read(Array(ink(#"<trace xml:id="1">1 2</trace><trace xml:id="1">3 4</trace>"#).utf8), options: InkImportOptions())
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        pipe.fileHandleForWriting.closeFile()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(printed, "", "libxml2 printed on its own")
        // The definition named DefaultTraceFormat replaces the default X Y.
        let redefined = ink("""
        <definitions><traceFormat xml:id="DefaultTraceFormat"><channel name="Y"/><channel name="X"/></traceFormat></definitions>
        <trace>1 2</trace>
        """)
        XCTAssertEqual(try read(redefined).strokes[0].path.points[0].location, Point2D(x: 2, y: 1))
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
                       #"inkml: trace 1: channel X has units "furlong"; expected in, cm, mm, m, himetric, pt, pc, px or dev"#)
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
