import Foundation
import InklingInterchange
import InklingStrokes
import XCTest

/// tldraw documents: legacy segments, base64 Float16 points, transforms, styles, malformed input.
final class TldrawImporterTests: XCTestCase {
    private func read(_ text: String) throws(InkImportError) -> Drawing {
        try TldrawImporter.read(Array(text.utf8), options: InkImportOptions())
    }

    private func error(_ text: String) -> String {
        do { _ = try read(text); return "no error" } catch { return error.description }
    }

    func testLegacySegmentsRotationStylesAndNotices() throws {
        let bytes = try ExcalidrawImporterTests.sample("tldraw-legacy.tldr")
        XCTAssertTrue(TldrawImporter.looksLike(bytes))
        var notices: [String] = []
        let drawing = try TldrawImporter.read(bytes, options: InkImportOptions(), notices: &notices)
        XCTAssertEqual(notices, ["tldraw: skipped 1 geo shape (only draw and highlight are imported)"])
        XCTAssertEqual(drawing.strokes.count, 2)
        let legacy = drawing.strokes[0]
        XCTAssertEqual(legacy.path.count, 6)
        XCTAssertEqual(legacy.path.points.map(\.force), Array(repeating: 1, count: 6), "z 0.5 → force 1")
        XCTAssertEqual(legacy.ink, Ink(.monoline, color: RGBAColor(hex: "#4465e9")!))
        XCTAssertEqual(legacy.path.points[0].size.width, 1 + 1.5 * 2, "size s")
        XCTAssertEqual(legacy.transform, AffineTransform2D(translationX: 100, y: 100))

        let pen = drawing.strokes[1]
        XCTAssertEqual(pen.ink.type, .pen)
        XCTAssertEqual(pen.path.points[1].force, 2 * 0.4, accuracy: 1e-12)
        let p1 = pen.path.points[1].location
        let page = pen.transform.apply(to: p1)  // rotated 90° about the shape origin (300, 100)
        XCTAssertEqual(page.x, 300 - p1.y, accuracy: 1e-9)
        XCTAssertEqual(page.y, 100 + p1.x, accuracy: 1e-9)
    }

    func testFloat16AndDeltaEncodings() throws {
        let drawing = try TldrawImporter.read(try ExcalidrawImporterTests.sample("tldraw-base64.tldr"), options: InkImportOptions())
        XCTAssertEqual(drawing.strokes.count, 2)
        let half = drawing.strokes.first { $0.ink.color == TldrawImporter.palette["green"] }!
        XCTAssertEqual(half.path.points.map(\.location), [
            Point2D(x: 10.5, y: 20.25), Point2D(x: 12, y: 22.5), Point2D(x: 15.75, y: 21), Point2D(x: -3.5, y: 1000),
        ])
        XCTAssertEqual(half.path.points.map(\.force), [1, 1.25, 1.5, 0.5])
        let delta = drawing.strokes.first { $0.ink.color == TldrawImporter.palette["violet"] }!
        XCTAssertEqual(delta.path.points.map(\.location), [
            Point2D(x: 1000.125, y: 2000.5), Point2D(x: 1001.125, y: 2002.5), Point2D(x: 1003.125, y: 2001.5),
        ])
        XCTAssertEqual(delta.path.points.map(\.force), [1, 1.25, 1.5])
    }

    func testRoundTripThroughCanonicalJSONKeepsChannels() throws {
        for name in ["tldraw-legacy.tldr", "tldraw-base64.tldr"] {
            let drawing = try TldrawImporter.read(try ExcalidrawImporterTests.sample(name), options: InkImportOptions())
            let back = try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: .columnar).encode(drawing))
            XCTAssertEqual(back, drawing, name)
        }
    }

    func testMalformedInputNamesWhere() {
        XCTAssertTrue(error("nope").hasPrefix("tldraw: invalid JSON: "), error("nope"))
        XCTAssertEqual(error(#"{"tldrawFileFormatVersion":1}"#), "tldraw: records: expected a records array or a store object")
        let shape = #"{"tldrawFileFormatVersion":1,"records":[{"id":"shape:a","typeName":"shape","type":"draw","x":0,"y":0,"props":PROPS}]}"#
        func with(_ props: String) -> String { error(shape.replacingOccurrences(of: "PROPS", with: props)) }
        XCTAssertEqual(with(#"{"segments":[{"type":"free","points":"QEkQ"}]}"#),
                       "tldraw: records[0].props.segments[0].points: expected base64 of half-float x, y, z triples (8 characters a point)")
        XCTAssertEqual(with(#"{"segments":[{"type":"free","points":[{"x":1,"y":"2"}]}]}"#),
                       #"tldraw: records[0].props.segments[0].points[0].y: expected a finite number, got "2""#)
        XCTAssertEqual(with(#"{"segments":[],"size":"huge"}"#), #"tldraw: records[0].props.size: expected s, m, l or xl, got "huge""#)
        XCTAssertEqual(with(#"{"segments":[],"color":"mauve"}"#), #"tldraw: records[0].props.color: unknown tldraw colour "mauve""#)
        XCTAssertEqual(with(#"{"segments":[{"type":"free","path":"AAh6RAAQ"}]}"#),
                       "tldraw: records[0].props.segments[0].path: expected base64 of a binary32 point and half-float deltas")
        XCTAssertEqual(with(#"{"segments":[{"type":"free","points":"AHwAfAB8"}]}"#),
                       "tldraw: records[0].props.segments[0].points[0]: decoded a non-finite value")
        XCTAssertEqual(with("3"), "tldraw: records[0].props: expected an object")
        let cycle = #"{"records":[{"id":"shape:a","typeName":"shape","type":"draw","parentId":"shape:a","props":{"segments":[]}}]}"#
        XCTAssertEqual(error(cycle), "tldraw: records[0]: shapes nest more than 64 deep (a parent cycle?)")
    }

    func testATldraw1FileIsRefusedByName() throws {
        // tldraw 1's own export (before 2.0): the document's pages hold shapes with [x, y, pressure] points.
        let v1 = #"{"name":"New Document","fileHandle":null,"document":{"id":"doc","name":"New Document","version":15.5,"#
            + #""pages":{"page":{"id":"page","name":"Page 1","childIndex":1,"shapes":{"a":{"id":"a","type":"draw","parentId":"page","#
            + #""childIndex":1,"point":[100,100],"rotation":0,"style":{"color":"black","size":"small","isFilled":false,"dash":"draw","scale":1},"#
            + #""points":[[0,0,0.5],[10,5,0.5],[20,12,0.5]],"isComplete":true}},"bindings":{}}},"#
            + #""pageStates":{"page":{"id":"page","selectedIds":[],"camera":{"point":[0,0],"zoom":1}}},"assets":{}},"assets":{}}"#
        XCTAssertEqual(InkFormatDetector.detect(Array(v1.utf8)), .tldraw, "detected as tldraw, not left to the canonical reader")
        var notices: [String] = []
        do {
            _ = try InkReader.read(Array(v1.utf8), notices: &notices)
            XCTFail("read a tldraw 1 file")
        } catch {
            XCTAssertTrue(error.description.contains("this is a tldraw 1 file (tldraw before 2.0, with document.pages)"), error.description)
        }
        // A tldraw 2 store snapshot under "document" is not mistaken for one.
        XCTAssertFalse(error(#"{"document":{"store":{"shape:a":{"typeName":"shape","type":"draw"}}}}"#).contains("tldraw 1"))
    }

    func testStoreRecordsAreNamedByTheirKey() {
        let store = #"{"store":{"shape:a":{"id":"shape:a","typeName":"shape","type":"draw","parentId":"shape:g","props":PROPS},"shape:g":{"id":"shape:g","typeName":"shape","type":"group","rotation":"r"}}}"#
        func with(_ props: String) -> String { error(store.replacingOccurrences(of: "PROPS", with: props)) }
        XCTAssertEqual(with(#"{"segments":[]}"#), #"tldraw: store["shape:g"].rotation: expected a finite number, got "r""#)
        let nested = #"{"document":{"store":{"shape:a":{"typeName":"shape","type":"draw","props":{"segments":[{"points":[{"x":1,"y":true}]}]}}}}}"#
        XCTAssertEqual(error(nested), #"tldraw: store["shape:a"].props.segments[0].points[0].y: expected a finite number, got true"#)
    }

    func testFloat16KnownValues() throws {
        // 1.0, -2.0, 65504 (largest), 2⁻²⁴ (smallest subnormal), 0.333251953125, -0, ∞, NaN
        let bits: [UInt16] = [0x3C00, 0xC000, 0x7BFF, 0x0001, 0x3555, 0x8000, 0x7C00, 0x7E00]
        var triples = bits.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] }
        triples += [0, 0, 0, 0, 0, 0, 0, 0]  // pad to 16 values … need a multiple of 3
        let b64 = Data(triples.prefix(12)).base64EncodedString()
        let json = #"{"records":[{"id":"shape:a","typeName":"shape","type":"draw","x":0,"y":0,"props":{"segments":[{"type":"free","points":"B64"}]}}]}"#
        let drawing = try read(json.replacingOccurrences(of: "B64", with: b64))
        let p = drawing.strokes[0].path.points
        XCTAssertEqual(p[0].location, Point2D(x: 1, y: -2))
        XCTAssertEqual(p[0].force, 2, "z 65504 clamps to pressure 1")
        XCTAssertEqual(p[1].location.x, 0x1p-24)
        XCTAssertEqual(p[1].location.y, 0.333251953125)
        XCTAssertEqual(p[1].force, 0, "-0 pressure")
    }

    func testSniffing() {
        XCTAssertTrue(TldrawImporter.looksLike(Array(#"{"store":{"shape:x":{"typeName": "shape"}}}"#.utf8)))
        XCTAssertFalse(TldrawImporter.looksLike(Array(#"{"type":"excalidraw"}"#.utf8)))
    }
}
