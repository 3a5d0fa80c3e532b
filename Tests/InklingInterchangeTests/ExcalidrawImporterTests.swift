import Foundation
import InklingInterchange
import InklingStrokes
import XCTest

/// Excalidraw scenes: freedraw elements, pressures, colours, rotation, notices, malformed input.
final class ExcalidrawImporterTests: XCTestCase {
    static func sample(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: root.appendingPathComponent("Strokes/interchange/\(name)")))
    }

    private func read(_ text: String) throws(InkImportError) -> Drawing {
        try ExcalidrawImporter.read(Array(text.utf8), options: InkImportOptions())
    }

    private func error(_ text: String) -> String {
        do { _ = try read(text); return "no error" } catch { return error.description }
    }

    func testSceneDecodesFreedrawOnlyWithNotices() throws {
        let bytes = try ExcalidrawImporterTests.sample("excalidraw-scene.excalidraw")
        XCTAssertTrue(ExcalidrawImporter.looksLike(bytes))
        var notices: [String] = []
        let drawing = try ExcalidrawImporter.read(bytes, options: InkImportOptions(), notices: &notices)
        XCTAssertEqual(drawing.strokes.count, 2, "the deleted freedraw and the rectangle/text are not strokes")
        XCTAssertEqual(notices, [
            "excalidraw: skipped 1 rectangle element (only freedraw is imported)",
            "excalidraw: skipped 1 text element (only freedraw is imported)",
        ])
        let pen = drawing.strokes[0]
        XCTAssertEqual(pen.path.count, 8)
        XCTAssertEqual(pen.path.points[0].location, Point2D(x: 100, y: 50), "points are relative to x/y")
        XCTAssertEqual(pen.path.points[1].location.x, 104)
        XCTAssertEqual(pen.path.points[0].force, 0.5, accuracy: 1e-12, "pressure 0.25 → force 0.5")
        XCTAssertEqual(pen.path.points[7].force, 2 * 0.6, accuracy: 1e-12)
        XCTAssertEqual(pen.path.points[0].size, Size2D(width: 8.5, height: 8.5), "strokeWidth 2 → 4.25 · 2")
        XCTAssertEqual(pen.ink.color.hexString, "#e03131ff")
        XCTAssertEqual(pen.randomSeed, 1234)
        XCTAssertTrue(pen.transform.isIdentity)
        // Drawn as Excalidraw draws freedraw (getFreedrawOutlinePoints).
        XCTAssertEqual(pen.ink.shape, StrokeShape(preset: .freehand, size: 8.5, thinning: 0.6, smoothing: 0.5, streamline: 0.5,
                                                  simulatePressure: false, easing: .easeOutSine, last: true))
        XCTAssertEqual(drawing.strokes[1].ink.shape?.simulatePressure, true)
    }

    /// A freedraw element's own streamline (`strokeOptions`, Excalidraw since 2026) is used.
    func testStrokeOptionsStreamline() throws {
        let element = #"{"type":"excalidraw","elements":[{"type":"freedraw","points":[[0,0],[5,5]],"strokeOptions":{"variability":"variable","streamline":0.2}}]}"#
        XCTAssertEqual(try read(element).strokes[0].ink.shape?.streamline, 0.2)
        XCTAssertTrue(error(#"{"type":"excalidraw","elements":[{"type":"freedraw","points":[[0,0]],"strokeOptions":{"streamline":2}}]}"#)
            .contains("elements[0].strokeOptions.streamline: expected a streamline 0…1"))
    }

    func testRotationIsAboutTheCentreAndSimulatedPressureIsReadAsPerfectFreehandReadsIt() throws {
        let drawing = try ExcalidrawImporter.read(try ExcalidrawImporterTests.sample("excalidraw-scene.excalidraw"), options: InkImportOptions())
        let rotated = drawing.strokes[1]
        // Excalidraw hands getStroke [x, y] pairs, whose first point it reads at pressure 0.25.
        XCTAssertEqual(rotated.path.points.map(\.force), [0.5, 1, 1])
        XCTAssertEqual(rotated.ink.color.alpha, 0.5, accuracy: 1e-12, "opacity 50 halves the alpha")
        let centre = rotated.transform.apply(to: Point2D(x: 210, y: 105))
        XCTAssertEqual(centre.x, 210, accuracy: 1e-9); XCTAssertEqual(centre.y, 105, accuracy: 1e-9)
        let end = rotated.transform.apply(to: rotated.path.points[2].location)  // (220, 110) turned 90° clockwise
        XCTAssertEqual(end.x, 205, accuracy: 1e-9); XCTAssertEqual(end.y, 115, accuracy: 1e-9)
    }

    func testClipboardForm() throws {
        let bytes = try ExcalidrawImporterTests.sample("excalidraw-clipboard.excalidraw")
        XCTAssertTrue(ExcalidrawImporter.looksLike(bytes))
        XCTAssertEqual(try ExcalidrawImporter.read(bytes, options: InkImportOptions()).strokes.count, 1)
    }

    func testRoundTripThroughCanonicalJSONKeepsChannels() throws {
        let drawing = try ExcalidrawImporter.read(try ExcalidrawImporterTests.sample("excalidraw-scene.excalidraw"), options: InkImportOptions())
        for layout in StrokeJSONEncoder.Layout.allCases {
            let back = try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: layout).encode(drawing))
            XCTAssertEqual(back.strokes.map(\.path), drawing.strokes.map(\.path))
            XCTAssertEqual(back.strokes.map(\.transform), drawing.strokes.map(\.transform))
            XCTAssertEqual(back.strokes.map(\.ink.color.hexString), drawing.strokes.map(\.ink.color.hexString))
        }
    }

    func testMalformedInputNamesWhere() {
        XCTAssertTrue(error("{").hasPrefix("excalidraw: invalid JSON: "), error("{"))
        XCTAssertEqual(error("[]"), "excalidraw: expected a JSON object")
        XCTAssertEqual(error(#"{"type":"other","elements":[]}"#), #"excalidraw: type: expected "excalidraw", "excalidraw/clipboard" or "excalidrawlib""#)
        XCTAssertEqual(error(#"{"type":"excalidraw"}"#), "excalidraw: elements: expected an array of elements")
        XCTAssertEqual(error(#"{"type":"excalidraw","elements":[{"type":"freedraw","points":[[0,0],[1,"a"]]}]}"#),
                       #"excalidraw: elements[0].points[1][1]: expected a finite number, got "a""#)
        XCTAssertEqual(error(#"{"type":"excalidraw","elements":[{"type":"freedraw","points":[[0,0]],"pressures":[3],"simulatePressure":false}]}"#),
                       "excalidraw: elements[0].pressures[0]: expected a pressure 0…1, got 3")
        XCTAssertEqual(error(#"{"type":"excalidraw","elements":[{"type":"freedraw","points":[[0,0]],"strokeColor":"red"}]}"#),
                       #"excalidraw: elements[0].strokeColor: expected a #rrggbb colour, got "red""#)
        XCTAssertEqual(error(#"{"type":"excalidraw","elements":[7]}"#), "excalidraw: elements[0]: expected an object")
        let big = ExcalidrawImporterTests.tooBig()
        XCTAssertTrue(big.contains("expected at most 8 bytes (maxBytes)"), big)
        for junk in ["", "null", "\u{0}\u{ff}", #"{"type":"excalidraw","elements":[{"type":"freedraw"}]}"#] {
            XCTAssertNotEqual(error(junk), "no error", junk)
        }
    }

    static func tooBig() -> String {
        do {
            _ = try ExcalidrawImporter.read(Array(#"{"type":"excalidraw","elements":[]}"#.utf8), options: InkImportOptions(maxBytes: 8))
            return "no error"
        } catch { return error.description }
    }

    func testSniffing() {
        XCTAssertTrue(ExcalidrawImporter.looksLike(Array(#" { "type" : "excalidraw", "elements": [] }"#.utf8)))
        XCTAssertFalse(ExcalidrawImporter.looksLike(Array(#"{"tldrawFileFormatVersion":1}"#.utf8)))
        XCTAssertFalse(ExcalidrawImporter.looksLike(Array("<ink/>".utf8)))
    }
}

/// Excalidraw and tldraw share the other JSON importers' nesting guard.
final class ExcalidrawNestingTests: XCTestCase {
    func testDeepNestingIsRefusedBeforeParsing() {
        let deep = Array(#"{"type":"excalidraw","elements":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 10_000)
        for read in [{ try ExcalidrawImporter.read(deep, options: InkImportOptions()) },
                     { try TldrawImporter.read(deep, options: InkImportOptions()) }] {
            XCTAssertThrowsError(try read()) { error in
                XCTAssertTrue("\(error)".contains("levels of nesting"), "\(error)")
            }
        }
    }

    func testObsidianNotesCompressedOrPlainReadAsTheirScene() throws {
        let scene = try ExcalidrawImporter.read(try ExcalidrawImporterTests.sample("excalidraw-scene.excalidraw"), options: InkImportOptions())
        let note = try ExcalidrawImporterTests.sample("excalidraw-obsidian.excalidraw.md")
        XCTAssertTrue(ExcalidrawImporter.looksLike(note))
        XCTAssertEqual(InkFormatDetector.detect(note), .excalidraw)
        XCTAssertEqual(try ExcalidrawImporter.read(note, options: InkImportOptions()), scene, "the compressed-json block is the same scene")
        // A plain json block under a deeper heading, without front matter.
        let sceneText = String(decoding: try ExcalidrawImporterTests.sample("excalidraw-scene.excalidraw"), as: UTF8.self)
        let plain = Array("# Notes\n\nSome text.\n\n### Drawing\n```json\n\(sceneText)\n```\n".utf8)
        XCTAssertEqual(InkFormatDetector.detect(plain), .excalidraw)
        XCTAssertEqual(try ExcalidrawImporter.read(plain, options: InkImportOptions()), scene)
        // A note with no drawing block says what it looked for.
        let empty = Array("---\nexcalidraw-plugin: parsed\n---\n# Text Elements\nhello\n".utf8)
        XCTAssertThrowsError(try ExcalidrawImporter.read(empty, options: InkImportOptions())) { error in
            XCTAssertTrue("\(error)".contains("```compressed-json"), "\(error)")
        }
        // Decompressing is held to the byte limit, not to the compressed block's size.
        var small = InkImportOptions()
        small.maxBytes = note.count
        XCTAssertThrowsError(try ExcalidrawImporter.read(note, options: small)) { error in
            XCTAssertTrue("\(error)".contains("compressed-json"), "\(error)")
        }
        // A damaged block is an error about the block.
        let damaged = Array(String(decoding: note, as: UTF8.self).replacingOccurrences(of: "N4KAkARALgngDg", with: "N4KA*ARALgngDg").utf8)
        XCTAssertThrowsError(try ExcalidrawImporter.read(damaged, options: InkImportOptions())) { error in
            XCTAssertTrue("\(error)".contains("compressed-json: '*' is not a base64 character"), "\(error)")
        }
    }

    func testLibrariesReadEveryItemsElements() throws {
        let stroke = ##"{"type": "freedraw", "x": 10, "y": 20, "points": [[0, 0], [5, 5], [10, 0]], "strokeColor": "#1e1e1e"}"##
        let v2 = Array(#"{"type": "excalidrawlib", "version": 2, "source": "https://excalidraw.com", "libraryItems": [{"status": "unpublished", "elements": [\#(stroke)]}, {"status": "published", "elements": [\#(stroke), {"type": "rectangle", "x": 0, "y": 0}]}]}"#.utf8)
        XCTAssertEqual(InkFormatDetector.detect(v2), .excalidraw)
        var notices: [String] = []
        let drawing = try ExcalidrawImporter.read(v2, options: InkImportOptions(), notices: &notices)
        XCTAssertEqual(drawing.strokes.count, 2)
        XCTAssertEqual(notices.count, 1)
        let v1 = Array(#"{"type": "excalidrawlib", "version": 1, "library": [[\#(stroke)], [\#(stroke), \#(stroke)]]}"#.utf8)
        XCTAssertEqual(try ExcalidrawImporter.read(v1, options: InkImportOptions()).strokes.count, 3)
        let neither = Array(#"{"type": "excalidrawlib", "version": 2}"#.utf8)
        XCTAssertThrowsError(try ExcalidrawImporter.read(neither, options: InkImportOptions())) { error in
            XCTAssertTrue("\(error)".contains("libraryItems"), "\(error)")
        }
    }
}
