import Foundation
import InklingStrokes
import XCTest

@testable import InklingInterchange

final class QuickDrawImporterTests: XCTestCase {
    private func sample(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try [UInt8](Data(contentsOf: root.appendingPathComponent("Strokes/interchange/\(name)")))
    }

    private func read(_ text: String, _ selection: InkImportOptions.Selection = .first) throws -> Drawing {
        try QuickDrawImporter.read(Array(text.utf8), options: InkImportOptions(selection: selection))
    }

    private func error(_ text: String, _ selection: InkImportOptions.Selection = .first, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try read(text, selection)
            XCTFail("expected an error for \(text.prefix(60))", file: file, line: line)
            return ""
        } catch {
            XCTAssertFalse(String(describing: error).contains("\n"), file: file, line: line)
            return String(describing: error)
        }
    }

    func testRawSampleFirstDrawing() throws {
        let d = try QuickDrawImporter.read(try sample("quickdraw-raw.ndjson"), options: InkImportOptions())
        XCTAssertEqual(d.strokes.count, 6, "the cat")
        XCTAssertNil(d.canvas)
        XCTAssertTrue(d.strokes.allSatisfy { $0.ink == Ink(.monoline) })
        let ear = d.strokes[1]
        XCTAssertEqual(ear.path.points.map(\.location), [Point2D(x: 180, y: 170), Point2D(x: 200, y: 60), Point2D(x: 260, y: 120)])
        // The face has 25 points at 17 ms (0 … 408 ms), then a 240 ms gap: the ear starts at 665 ms.
        XCTAssertEqual(ear.path.points.map(\.timeOffset), [0, 0.017, 0.034])
        XCTAssertEqual(ear.path.creationDate, Date(timeIntervalSince1970: 0.665))
        XCTAssertEqual(d.strokes[0].path.creationDate, Date(timeIntervalSince1970: 0))
    }

    func testSelectionByLineAndKeyID() throws {
        let bytes = try sample("quickdraw-simplified.ndjson")
        let house = try QuickDrawImporter.read(bytes, options: InkImportOptions(selection: .line(2)))
        XCTAssertEqual(house.strokes.count, 3)
        XCTAssertEqual(house.canvas, Size2D(width: 256, height: 256))
        XCTAssertTrue(house.strokes.allSatisfy { $0.path.points.allSatisfy { $0.timeOffset == 0 } })
        let sun = try QuickDrawImporter.read(bytes, options: InkImportOptions(selection: .keyID("6102938475610293")))
        XCTAssertEqual(sun.strokes.count, 9)
        let all = sun.strokes.flatMap(\.path.points).map(\.location)
        XCTAssertTrue(all.allSatisfy { (0...255).contains($0.x) && (0...255).contains($0.y) })
        XCTAssertTrue(error(String(decoding: bytes, as: UTF8.self), .line(9)).hasPrefix("quickdraw: line 9: expected a drawing, the file has 3 lines"))
        XCTAssertTrue(error(String(decoding: bytes, as: UTF8.self), .keyID("nope")).contains("key_id \"nope\""))
    }

    func testSkippedLinesAreNotParsed() throws {
        let text = "this is not json\n\n" + #"{"key_id":"7","drawing":[[[1,2],[3,4]]]}"# + "\n{broken"
        XCTAssertEqual(try read(text, .line(3)).strokes.count, 1)
        XCTAssertEqual(try read(text, .keyID("7")).strokes.count, 1)
        XCTAssertTrue(error(text).hasPrefix("quickdraw: line 1: invalid JSON"))
        XCTAssertTrue(error(text, .line(2)).hasPrefix("quickdraw: line 2: expected a drawing, got a blank line"))
        XCTAssertTrue(error(text, .line(4)).hasPrefix("quickdraw: line 4: invalid JSON"))
        XCTAssertEqual(try read("\n\r\n" + #"{"drawing":[[[5],[6],[0]]]}"# + "\r\n").strokes.count, 1)
    }

    func testKeyIDSpelledWithEscapesIsFound() throws {
        let text = #"{"key_id":"1","drawing":[[[1],[2]]]}"# + "\n" + #"{"key_id":"\u0037","drawing":[[[1,2],[3,4]],[[5],[6]]]}"#
        XCTAssertEqual(try read(text, .keyID("7")).strokes.count, 2)
        XCTAssertTrue(error(text, .keyID("8")).contains("found none in 2 lines"))
    }

    func testTimeNeverGoesBackwards() throws {
        let d = try read(#"{"drawing":[[[0,1,2,3],[0,0,0,0],[100,150,120,200]]]}"#)
        XCTAssertEqual(d.strokes[0].path.points.map(\.timeOffset), [0, 0.05, 0.05, 0.1])
    }

    func testRoundTripThroughCanonicalJSON() throws {
        for name in ["quickdraw-raw.ndjson", "quickdraw-simplified.ndjson"] {
            for n in 1...3 {
                let d = try QuickDrawImporter.read(try sample(name), options: InkImportOptions(selection: .line(n)))
                for layout in StrokeJSONEncoder.Layout.allCases {
                    let back = try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: layout).encode(d))
                    XCTAssertEqual(back, d, "\(name) line \(n) \(layout)")
                }
            }
        }
    }

    func testMalformedInputNamesTheLine() {
        let good = #"{"drawing":[[[1],[2]]]}"#
        XCTAssertEqual(error(good + "\n" + #"{"drawing":[[[1,2],[3,4]], [[1,2],[3]]]}"#, .line(2)),
                       "quickdraw: line 2: drawing[1]: expected [[x…], [y…]] or [[x…], [y…], [t…]] of equal length, got [[1,2],[3]]")
        XCTAssertTrue(error(#"{"drawing": 5}"#).hasPrefix("quickdraw: line 1: drawing: expected an array of strokes"))
        XCTAssertTrue(error("[1,2]").hasPrefix("quickdraw: line 1: expected an object"))
        XCTAssertTrue(error(#"{"drawing":[[["a"],[2]]]}"#).hasPrefix("quickdraw: line 1: drawing[0][0][0]: expected a finite number"))
        XCTAssertTrue(error(#"{"drawing":[[[1],[2],[-5]]]}"#).hasPrefix("quickdraw: line 1: drawing[0][2][0]: expected a time"))
        XCTAssertTrue(error(#"{"drawing":[[[],[]]]}"#).hasPrefix("quickdraw: line 1: drawing[0]: expected at least one point"))
        XCTAssertTrue(error(#"{"drawing":[[[1e999],[2]]]}"#).hasPrefix("quickdraw: line 1"))
        XCTAssertTrue(error("").hasPrefix("quickdraw: expected at least one drawing"))
        XCTAssertTrue(error(String(repeating: "[", count: 10_000)).contains("nesting"))
        XCTAssertThrowsError(try QuickDrawImporter.read(Array(good.utf8), options: InkImportOptions(maxBytes: 4)))
    }

    func testLooksLike() throws {
        XCTAssertTrue(QuickDrawImporter.looksLike(try sample("quickdraw-raw.ndjson")))
        XCTAssertTrue(QuickDrawImporter.looksLike(try sample("quickdraw-simplified.ndjson")))
        XCTAssertTrue(QuickDrawImporter.looksLike(Array(#"  {"drawing" : [ [ [1],[2]]]}"#.utf8)))
        XCTAssertFalse(QuickDrawImporter.looksLike(Array(#"{"format":"inkling.drawing","strokes":[]}"#.utf8)))
        XCTAssertFalse(QuickDrawImporter.looksLike(Array(#"{"type":"excalidraw","elements":[]}"#.utf8)))
        XCTAssertFalse(QuickDrawImporter.looksLike(Array("[[1,2]]".utf8)))
        XCTAssertFalse(QuickDrawImporter.looksLike(Array(#"{"drawing": "x"}"#.utf8)))
    }

    func testWrongTypesAndTruncationNeverCrash() throws {
        for name in ["quickdraw-raw.ndjson", "quickdraw-simplified.ndjson"] {
            assertImporterNeverCrashes(try sample(name)) { try QuickDrawImporter.read($0, options: InkImportOptions(selection: .line(2))) }
        }
    }
}
