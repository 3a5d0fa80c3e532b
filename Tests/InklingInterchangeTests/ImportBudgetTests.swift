import InklingInterchange
import InklingStrokes
import XCTest

/// The pre-parse budgets: documents a drawing within the limits cannot use are refused before
/// any tree is built, with one line naming the limit to raise; streamed Pointer Events lists
/// read exactly as whole ones did.
final class ImportBudgetTests: XCTestCase {
    private let small = StrokeJSONDecoder.Limits(maxStrokes: 2, maxPointsPerStroke: 10, maxTotalPoints: 12)

    private func assertRefused(_ text: String, _ format: InkFormat, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try InkReader.read(Array(text.utf8), format: format, limits: small), file: file, line: line) { error in
            XCTAssertEqual((error as? InkImportError)?.description, message, file: file, line: line)
        }
    }

    private func points(_ n: Int, _ point: String) -> String { Array(repeating: point, count: n).joined(separator: ",") }

    func testAnArrayLongerThanAStrokeIsRefusedBeforeParsing() {
        let hint = "an array holds more than the 10 elements a drawing within the limits can use; split the drawing or raise --max-points-per-stroke"
        assertRefused("[\(points(11, "[1,2]"))]", .freehand, "freehand: " + hint)
        assertRefused(#"{"drawing":[[[\#(points(11, "0"))],[0]]]}"#, .quickdraw, "quickdraw: line 1: " + hint)
        assertRefused(#"{"type":"excalidraw","elements":[{"type":"freedraw","points":[\#(points(11, "[1,2]"))]}]}"#, .excalidraw, "excalidraw: " + hint)
        assertRefused(#"{"tldrawFileFormatVersion":1,"records":[\#(points(11, "{}"))]}"#, .tldraw, "tldraw: " + hint)
    }

    func testMoreValuesThanThePointsCanUseAreRefused() {
        // freehand: 7 × 12 + 64 × 2 + 4096 = 4308 values at most (a stroke may be a demo state's shape record).
        let budget = ImportBudget(.freehand, limits: small)
        XCTAssertEqual(budget.maxValues, 4308)
        let wide = "{" + (0..<500).map { #""k\#($0)":0"# }.joined(separator: ",") + "}"
        let many = "[" + points(10, wide) + "]"
        assertRefused(many, .freehand, "freehand: the document holds more than the 4308 JSON values a drawing within the limits can use; split the drawing or raise --max-total-points")
    }

    func testInkMLTagsAndTraceLengthFollowTheLimits() {
        let tags = #"<ink xmlns="http://www.w3.org/2003/InkML">"# + String(repeating: "<a/>", count: 5000) + "</ink>"
        assertRefused(tags, .inkml, "inkml: the document holds 5002 tags, more than the 4128 a drawing within the limits can use; split the drawing or raise --max-strokes")
        let trace = #"<ink xmlns="http://www.w3.org/2003/InkML"><trace>\#(points(11, "1 2"))</trace></ink>"#
        assertRefused(trace, .inkml, "inkml: trace 1, point 11: more than 10 points")
    }

    func testTldrawBase64IsRefusedByItsLength() {
        let text = #"{"tldrawFileFormatVersion":1,"records":[{"typeName":"shape","id":"shape:a","type":"draw","props":{"segments":[{"points":"\#(String(repeating: "A", count: 8 * 20))"}]}}]}"#
        assertRefused(text, .tldraw, "tldraw: records[0].props.segments[0].points: about 20 points encoded, over the per-stroke limit of 10")
    }

    func testStreamedPointerEventsReadAcrossBatches() throws {
        // 1,300 events span three batches of 512; two pointers interleave.
        var events = [#"{"type":"pointerdown","pointerId":1,"x":0,"y":0}"#, #"{"type":"pointerdown","pointerId":2,"x":5,"y":5}"#]
        for i in 1...1298 { events.append(#"{"type":"pointermove","pointerId":\#(i % 2 + 1),"x":\#(i),"y":1}"#) }
        let flat = try InkReader.read(Array("[\(events.joined(separator: ","))]".utf8), format: .pointerEvents)
        XCTAssertEqual(flat.strokes.map(\.path.count), [650, 650])
        XCTAssertEqual(flat.strokes[0].path.points.last?.location.x, 1298)
        let object = try InkReader.read(Array(#"{"canvas":{"width":640,"height":480},"timeOrigin":5,"events":[\#(events.joined(separator: ","))]}"#.utf8),
                                        format: .pointerEvents)
        XCTAssertEqual(object.strokes.map(\.path.count), [650, 650])
        XCTAssertEqual(object.canvas, Size2D(width: 640, height: 480))
        let groups = try InkReader.read(Array(#"{"strokes":[[\#(points(600, #"{"x":1,"y":2}"#))],[],[{"x":3,"y":4}]]}"#.utf8), format: .pointerEvents)
        XCTAssertEqual(groups.strokes.map(\.path.count), [600, 1])
    }

    func testMalformedStreamedEventsAreOneLineErrors() {
        let bad = "[" + points(600, #"{"type":"pointermove","pointerId":1,"x":1,"y":2}"#) + #",{"type":"pointerup" "x":1}]"#
        XCTAssertThrowsError(try InkReader.read(Array(bad.utf8), format: .pointerEvents)) { error in
            let text = (error as? InkImportError)?.description ?? ""
            XCTAssertTrue(text.hasPrefix("pointer-events: events[512…600]: invalid JSON"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        XCTAssertThrowsError(try InkReader.read(Array("[1,2".utf8), format: .pointerEvents)) { error in
            XCTAssertTrue(((error as? InkImportError)?.description ?? "").hasPrefix("pointer-events: invalid JSON"), "\(error)")
        }
        XCTAssertThrowsError(try InkReader.read(Array(#"{"events":{"a":1}}"#.utf8), format: .pointerEvents)) { error in
            XCTAssertEqual((error as? InkImportError)?.description, #"pointer-events: events: expected an array of events, got {"a":1}"#)
        }
    }
}
