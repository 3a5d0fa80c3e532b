import Foundation
import InklingStrokes
import XCTest

@testable import InklingInterchange

final class PointerEventsImporterTests: XCTestCase {
    private func bytes(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try [UInt8](Data(contentsOf: root.appendingPathComponent("Strokes/interchange/\(name)")))
    }

    private func sample(_ name: String) throws -> Drawing {
        let bytes = try bytes(name)
        XCTAssertTrue(PointerEventsImporter.looksLike(bytes), name)
        XCTAssertFalse(FreehandImporter.looksLike(bytes), name)
        XCTAssertFalse(QuickDrawImporter.looksLike(bytes), name)
        return try PointerEventsImporter.read(bytes, options: InkImportOptions())
    }

    private func read(_ text: String) throws -> Drawing {
        try PointerEventsImporter.read(Array(text.utf8), options: InkImportOptions())
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try read(text)
            XCTFail("expected an error for \(text.prefix(60))", file: file, line: line)
            return ""
        } catch {
            XCTAssertFalse(String(describing: error).contains("\n"), file: file, line: line)
            return String(describing: error)
        }
    }

    private func assertOrientation(_ tx: Double, _ ty: Double, _ az: Double, _ alt: Double, line: UInt = #line) {
        let o = PointerEventsImporter.orientation(tiltX: tx, tiltY: ty)
        XCTAssertEqual(o.azimuth, az, accuracy: 1e-12, "azimuth of \(tx), \(ty)", line: line)
        XCTAssertEqual(o.altitude, alt, accuracy: 1e-12, "altitude of \(tx), \(ty)", line: line)
    }

    func testTiltConversionMatchesHandComputedValues() {
        assertOrientation(0, 0, 0, .pi / 2)
        assertOrientation(30, 0, 0, .pi / 3)
        assertOrientation(-30, 0, .pi, .pi / 3)
        assertOrientation(0, 45, .pi / 2, .pi / 4)
        assertOrientation(0, -45, 3 * .pi / 2, .pi / 4)
        // tan 45° = 1 on both axes: azimuth atan2(1, 1) = π/4, altitude atan(1/√2).
        assertOrientation(45, 45, .pi / 4, atan(1 / 2.0.squareRoot()))
        // tan(−30°) = −1/√3, tan 45° = 1: azimuth π − π/3, altitude atan(1/√(4/3)) = atan(√3/2).
        assertOrientation(-30, 45, 2 * .pi / 3, atan(3.0.squareRoot() / 2))
        // ±90° lies flat: altitude 0, azimuth from the axis rules or 0 when undetermined.
        assertOrientation(90, 0, 0, 0)
        assertOrientation(-90, 0, .pi, 0)
        assertOrientation(0, -90, 3 * .pi / 2, 0)
        assertOrientation(90, 30, 0, 0)
        assertOrientation(-90, -90, 0, 0)
    }

    func testPenSampleCoalescedTiltPressureAndTime() throws {
        let d = try sample("pointer-events-pen.json")
        XCTAssertEqual(d.canvas, Size2D(width: 800, height: 600))
        XCTAssertEqual(d.strokes.map(\.path.count), [17, 6], "hover ignored; coalesced expanded; duplicate parents and unmoved pointerups dropped")
        XCTAssertEqual(d.strokes.map(\.ink.type), [.pen, .pen])
        let p = d.strokes[0].path.points
        XCTAssertEqual(p[0].location, Point2D(x: 100, y: 100))
        XCTAssertEqual(p[0].force, 0.4, accuracy: 1e-12)
        XCTAssertEqual(p[0].azimuth, 5.761637483164722, accuracy: 1e-12)  // tilt 25, −15
        XCTAssertEqual(p[0].altitude, 1.0773601828889987, accuracy: 1e-12)
        XCTAssertEqual(p[0].size, StrokePoint.Defaults.size, "a pen's 1×1 contact is the default nib")
        // Coalesced samples come in order, half-way samples first.
        XCTAssertEqual(p[1].location, Point2D(x: 110, y: 107.42))
        XCTAssertEqual(p[2].location, Point2D(x: 120, y: 114.38))
        XCTAssertEqual(p.map(\.timeOffset)[0...4].map { ($0 * 1000).rounded() }, [0, 4, 8, 12, 16])
        XCTAssertEqual(d.strokes[0].path.creationDate, Date(timeIntervalSince1970: (1_795_852_800_000 + 1040) / 1000))
        let tick = d.strokes[1].path.points
        XCTAssertEqual(tick.last?.location, Point2D(x: 350, y: 210))
        XCTAssertEqual(tick[1].force, 1.1, accuracy: 1e-12)
        XCTAssertEqual(tick[1].azimuth, 2 * .pi / 3, accuracy: 1e-12)
        XCTAssertEqual(tick[1].altitude, atan(3.0.squareRoot() / 2), accuracy: 1e-12)
    }

    func testTheDrawingPagesStrokeColourIsKept() throws {
        let doc = ##"{"strokes": [[{"type": "pointerdown", "pointerType": "pen", "x": 1, "y": 2, "color": "#e03131"}, {"type": "pointermove", "pointerType": "pen", "x": 5, "y": 6}], [{"type": "pointerdown", "pointerType": "mouse", "x": 1, "y": 2}]]}"##
        let drawing = try read(doc)
        XCTAssertEqual(drawing.strokes[0].ink.color.hexString, "#e03131ff")
        XCTAssertEqual(drawing.strokes[1].ink.color, .black, "no colour: black, as before")
        XCTAssertThrowsError(try read(##"[[{"x": 1, "y": 2, "color": "red"}]]"##)) { error in
            XCTAssertTrue("\(error)".contains("color"), "\(error)")
        }
    }

    /// A stroke's first event may name its ink, which overrides the pointer type's; the first
    /// `ink` of a stroke wins, in both shapes, and an unknown one is refused with the list.
    func testAnInkOnAStrokesEventOverridesThePointerType() throws {
        let groups = ##"{"strokes": [[{"type": "pointerdown", "pointerType": "mouse", "x": 1, "y": 2, "ink": "watercolor"}, {"type": "pointermove", "pointerType": "mouse", "x": 5, "y": 6, "ink": "pencil"}], [{"type": "pointerdown", "pointerType": "mouse", "x": 1, "y": 2}], [{"pointerType": "pen", "x": 1, "y": 2, "ink": "fountainPen"}, {"x": 9, "y": 9}]]}"##
        let drawing = try read(groups)
        XCTAssertEqual(drawing.strokes.map(\.ink.type), [.watercolor, .monoline, .fountainPen], "the first ink wins; without one, the pointer type's")
        let flat = ##"[{"type": "pointerdown", "pointerId": 1, "pointerType": "pen", "x": 1, "y": 2, "ink": "marker", "color": "#1971c2"}, {"type": "pointerdown", "pointerId": 2, "pointerType": "touch", "x": 50, "y": 50}, {"type": "pointermove", "pointerId": 1, "x": 5, "y": 6}, {"type": "pointermove", "pointerId": 2, "x": 60, "y": 60}, {"type": "pointerup", "pointerId": 1, "x": 5, "y": 6}, {"type": "pointerup", "pointerId": 2, "x": 60, "y": 60}]"##
        let two = try read(flat)
        XCTAssertEqual(two.strokes.map(\.ink.type), [.marker, .pen])
        XCTAssertEqual(two.strokes[0].ink.color.hexString, "#1971c2ff", "colour and ink travel together")
        for every in InkType.allCases {
            XCTAssertEqual(try read(##"[[{"x": 1, "y": 2, "ink": "\##(every.rawValue)"}]]"##).strokes.first?.ink.type, every)
        }
        for bad in [#""brush""#, #""Pen""#, "3", #"["pen"]"#, #""""#] {
            let message = error(##"[[{"x": 1, "y": 2, "ink": \##(bad)}]]"##)
            XCTAssertTrue(message.contains("strokes[0][0].ink"), message)
            XCTAssertTrue(message.contains("pen, pencil, marker, monoline, fountainPen, watercolor, crayon, reed"), message)
        }
        // null is no ink (as for colour); a later event's unknown ink is not read once the stroke has one.
        XCTAssertEqual(try read(##"[[{"pointerType": "mouse", "x": 1, "y": 2, "ink": null}]]"##).strokes[0].ink.type, .monoline)
        XCTAssertEqual(try read(##"[[{"x": 1, "y": 2, "ink": "crayon"}, {"x": 3, "y": 4, "ink": "nonsense"}]]"##).strokes[0].ink.type, .crayon)
    }

    func testMouseSampleHasDefaultForceAndMonoline() throws {
        let d = try sample("pointer-events-mouse.json")
        XCTAssertEqual(d.strokes.count, 1)
        let s = d.strokes[0]
        XCTAssertEqual(s.ink.type, .monoline)
        XCTAssertEqual(s.path.count, 10, "9 pressed points and the pointerup, which moved")
        XCTAssertTrue(s.path.points.allSatisfy { $0.force == 1 && $0.size == StrokePoint.Defaults.size })
        XCTAssertEqual(s.path.points.last?.location, Point2D(x: 260, y: 60))
        XCTAssertEqual(s.path.points.last?.timeOffset ?? 0, 0.1503, accuracy: 1e-9)
        XCTAssertEqual(s.path.points[0].altitude, .pi / 2)
        XCTAssertNil(d.canvas)
    }

    func testMultitouchSplitsPointersIntoStrokes() throws {
        let d = try sample("pointer-events-multitouch.json")
        XCTAssertEqual(d.strokes.count, 2)
        let (a, b) = (d.strokes[0].path.points, d.strokes[1].path.points)
        XCTAssertEqual(a.count, 7, "finger 11 lifts where it last moved: its pointerup adds nothing")
        XCTAssertEqual(b.count, 8, "finger 12 moved before lifting")
        XCTAssertEqual(a[0].location, Point2D(x: 100, y: 300))
        XCTAssertEqual(b[0].location, Point2D(x: 400, y: 305))
        XCTAssertEqual(a[0].size, Size2D(width: 22.5, height: 22.5))
        XCTAssertEqual(b[3].size, Size2D(width: 33, height: 31.5))
        XCTAssertEqual(a[2].force, 0.76, accuracy: 1e-12)
        XCTAssertEqual(b.last?.location, Point2D(x: 290, y: 245))
        XCTAssertEqual(b.last?.force ?? 0, b[6].force, "pointerup keeps the previous force")
        XCTAssertEqual(d.strokes.map(\.ink.type), [.pen, .pen])
        XCTAssertEqual(d.strokes[1].path.creationDate.timeIntervalSince1970, 2.002, accuracy: 1e-6)
    }

    func testGroupsUseAltitudeAndAzimuthDirectly() throws {
        let d = try sample("pointer-events-groups.json")
        XCTAssertEqual(d.strokes.count, 3)
        XCTAssertEqual(d.canvas, Size2D(width: 400, height: 300))
        let p = d.strokes[1].path.points
        XCTAssertEqual(p[2].altitude, 0.95)
        XCTAssertEqual(p[2].azimuth, 0.9)
        XCTAssertEqual(p[5].timeOffset, 0.05, accuracy: 1e-12)
    }

    func testTimeClampsBackwardJumpsAndFlatFormEdgeCases() throws {
        let d = try read(#"""
        [{"type":"pointerdown","pointerId":1,"x":0,"y":0,"timeStamp":100},
         {"type":"pointermove","pointerId":1,"x":1,"y":0,"timeStamp":120},
         {"type":"pointermove","pointerId":1,"x":2,"y":0,"timeStamp":110},
         {"type":"pointermove","pointerId":1,"x":3,"y":0},
         {"type":"pointermove","pointerId":1,"x":4,"y":0,"timeStamp":150},
         {"type":"pointermove","pointerId":7,"x":9,"y":9},
         {"type":"pointerdown","pointerId":"a","x":5,"y":5,"width":0,"height":0},
         {"type":"pointercancel","pointerId":"a"},
         {"type":"pointerdown","pointerId":1,"x":8,"y":8}]
        """#)
        XCTAssertEqual(d.strokes.map(\.path.count), [5, 1, 1], "an open stroke is closed by the next pointerdown and kept at the end")
        XCTAssertEqual(d.strokes[0].path.points.map(\.timeOffset), [0, 0.02, 0.02, 0.02, 0.05])
        XCTAssertEqual(try read("[]").strokes.count, 0)
        XCTAssertEqual(try read(#"{"events":[]}"#).strokes.count, 0)
        XCTAssertEqual(try read(#"[[{"x":1,"y":2,"pressure":0.5}], []]"#).strokes.count, 1)
    }

    func testRoundTripThroughCanonicalJSON() throws {
        for name in ["pointer-events-pen.json", "pointer-events-mouse.json", "pointer-events-multitouch.json", "pointer-events-groups.json"] {
            let d = try sample(name)
            for layout in StrokeJSONEncoder.Layout.allCases {
                let back = try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: layout).encode(d))
                XCTAssertEqual(back, d, "\(name) \(layout)")
            }
        }
    }

    func testMalformedInputNamesTheEvent() {
        let down = #""type":"pointerdown","pointerId":1"#
        XCTAssertEqual(error("[{\(down),\"x\":1,\"y\":2,\"pressure\":\"hard\"}]"),
                       #"pointer-events: events[0].pressure: expected a pressure in 0…1, got "hard""#)
        XCTAssertTrue(error("[{\(down),\"x\":1,\"y\":2,\"tiltX\":120}]").hasPrefix("pointer-events: events[0].tiltX: expected a tilt"))
        XCTAssertTrue(error("[{\(down),\"x\":1,\"y\":2,\"altitudeAngle\":45}]").hasPrefix("pointer-events: events[0].altitudeAngle:"))
        XCTAssertTrue(error("[{\(down),\"y\":2}]").hasPrefix("pointer-events: events[0].x: expected a finite number"))
        XCTAssertTrue(error("[{\(down),\"pressure\":0.5}]").hasPrefix("pointer-events: events[0]: expected coordinates"))
        XCTAssertTrue(error("[{\(down),\"clientX\":\"NaN\",\"clientY\":2}]").hasPrefix("pointer-events: events[0].clientX: expected a finite number"))
        XCTAssertTrue(error("[{\(down),\"x\":1e999,\"y\":2}]").hasPrefix("pointer-events: "))
        XCTAssertTrue(error("[{\(down),\"x\":1,\"y\":2,\"timeStamp\":true}]").hasPrefix("pointer-events: events[0].timeStamp:"))
        XCTAssertTrue(error("[{\(down),\"x\":1,\"y\":2,\"coalesced\":[{\"x\":1}]}]").hasPrefix("pointer-events: events[0].coalesced[0].y:"))
        XCTAssertTrue(error("[{\(down),\"x\":1,\"y\":2,\"coalesced\":5}]").hasPrefix("pointer-events: events[0].coalesced:"))
        XCTAssertTrue(error(#"[{"pointerId":1,"x":1,"y":2}]"#).hasPrefix("pointer-events: events[0].type:"))
        XCTAssertTrue(error("[{\(down),\"x\":1,\"y\":2},7]").hasPrefix("pointer-events: events[1]: expected an event object"))
        XCTAssertTrue(error(#"[[{"x":1,"y":2}],[{"x":1,"y":[]}]]"#).hasPrefix("pointer-events: strokes[1][0].y:"))
        XCTAssertTrue(error(#"{"canvas":{"width":-1,"height":2},"events":[]}"#).hasPrefix("pointer-events: canvas.width:"))
        XCTAssertTrue(error(#"{"events":{}}"#).hasPrefix("pointer-events: events: expected an array"))
        XCTAssertTrue(error(#"{"foo":1}"#).hasPrefix("pointer-events: expected an array of events"))
        XCTAssertTrue(error("\"x\"").hasPrefix("pointer-events: expected an array of events"))
        XCTAssertTrue(error("[{").contains("invalid JSON"))
        XCTAssertTrue(error(String(repeating: "[{\"a\":", count: 5_000)).contains("nesting"))
        XCTAssertThrowsError(try PointerEventsImporter.read(Array("[]".utf8), options: InkImportOptions(maxBytes: 1)))
    }

    func testTheObjectFormIsReadByJSONPath() throws {
        // An escaped key is the key; members nobody reads are skipped; the object's own syntax is checked
        // with the file's byte offsets, however long the arrays before the error.
        let events = #"[{"type":"pointerdown","pointerId":1,"x":1,"y":2},{"type":"pointermove","pointerId":1,"x":3,"y":4}]"#
        let escaped = try read(#"{"meta":[1,{"deep":[true]}],"ev\u0065nts":\#(events),"timeOrigin":5}"#)
        XCTAssertEqual(escaped.strokes.map(\.path.count), [2])
        XCTAssertEqual(escaped.strokes[0].path.creationDate.timeIntervalSince1970, 0.005, accuracy: 1e-6)
        let padding = String(repeating: " ", count: 100)
        XCTAssertEqual(error(#"{"events":\#(events),\#(padding)"canvas" {"width":1,"height":1}}"#),
                       "pointer-events: invalid JSON: object property name separator ':' expected at byte 219 (line 1, column 220)")
        XCTAssertEqual(error(#"{"timeOrigin":-1,"events":[]}"#), "pointer-events: timeOrigin: expected a time in ms since 1970, got -1")
        XCTAssertEqual(error(#"{"events":null}"#), "pointer-events: events: expected an array of events, got null")
        XCTAssertEqual(error(#"{"strokes":[[{"x":1,"y":2}],{"x":1}]}"#), #"pointer-events: strokes[1]: expected an array of events, got {"x":1}"#)
        XCTAssertEqual(error(#"{"strokes":[[{"x":1,"y":2}],[{"x":1,"y":2}}]]}"#),
                       "pointer-events: invalid JSON: array value separator ',' expected at byte 42 (line 1, column 43)")
        XCTAssertEqual(error("[{\"type\":\"pointerdown\",\"x\":1e999,\"y\":2}]"),
                       "pointer-events: events[0].x: expected a finite number with |v| ≤ 1000000, got 1e999")
        XCTAssertEqual(error("[{\"type\":\"pointerdown\",\"x\":null,\"y\":2}]"),
                       "pointer-events: events[0].x: expected a finite number with |v| ≤ 1000000, got null")
    }

    func testLooksLikeDoesNotClaimOtherFormats() {
        func sniff(_ s: String) -> Bool { PointerEventsImporter.looksLike(Array(s.utf8)) }
        XCTAssertTrue(sniff(#" [{"type":"pointerdown","pointerId":1}]"#))
        XCTAssertTrue(sniff(#"{"canvas":{"width":1,"height":1},"events":[{"pointerType":"pen"}]}"#))
        XCTAssertFalse(sniff(#"{"format":"inkling.drawing","strokes":[{"pointerType":"pen"}]}"#))
        XCTAssertFalse(sniff(#"{"type":"excalidraw","elements":[{"pointerType":"pen"}]}"#))
        XCTAssertFalse(sniff(#"{"tldrawFileFormatVersion":1,"pointerId":1}"#))
        XCTAssertFalse(sniff("<ink><trace>pointerdown</trace></ink>"))
        XCTAssertFalse(sniff("[[1,2,0.5]]"))
    }

    func testSniffsClaimOnlyTheirOwnSamples() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Strokes/interchange")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let mine: [(String, any InkImporter.Type)] = [
            ("pointer-events", PointerEventsImporter.self), ("quickdraw", QuickDrawImporter.self), ("freehand", FreehandImporter.self),
        ]
        for name in names where !name.hasPrefix(".") {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            for (prefix, importer) in mine {
                XCTAssertEqual(importer.looksLike(bytes), name.hasPrefix(prefix), "\(importer) on \(name)")
            }
        }
        let canonical = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path).filter { $0.hasSuffix(".json") }
        for name in canonical {
            let bytes = try [UInt8](Data(contentsOf: folder.deletingLastPathComponent().appendingPathComponent(name)))
            for (_, importer) in mine { XCTAssertFalse(importer.looksLike(bytes), "\(importer) on Strokes/\(name)") }
        }
    }

    func testWrongTypesAndTruncationNeverCrash() throws {
        for name in ["pointer-events-pen.json", "pointer-events-mouse.json", "pointer-events-multitouch.json", "pointer-events-groups.json"] {
            assertImporterNeverCrashes(try bytes(name)) { try PointerEventsImporter.read($0, options: InkImportOptions()) }
        }
    }
}
