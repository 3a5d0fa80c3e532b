import InklingStrokes
import XCTest

/// The object budget: a document of many tiny objects is refused before json-c builds a tree.
final class JSONObjectBudgetTests: XCTestCase {
    private func document(points: Int) -> [UInt8] {
        let point = #"{"x":1,"y":2}"#
        let body = Array(repeating: point, count: points).joined(separator: ",")
        return Array(#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[\#(body)]}]}"#.utf8)
    }

    func testTooManyObjectsIsALimitErrorAtTheDocument() {
        let limits = StrokeJSONDecoder.Limits(maxStrokes: 10, maxTotalPoints: 1_000)
        XCTAssertThrowsError(try StrokeJSONDecoder(limits: limits).decode(document(points: 5_000))) { error in
            let e = error as? StrokeJSONError
            XCTAssertEqual(e?.kind, .limitExceeded)
            XCTAssertEqual(e?.path, "$")
            XCTAssertEqual(e?.message, "expected at most 1094 JSON objects (maxTotalPoints + 3 × maxStrokes + 64), got 5002")
        }
    }

    func testADocumentWithinTheBudgetStillDecodes() throws {
        let limits = StrokeJSONDecoder.Limits(maxStrokes: 10, maxTotalPoints: 1_000)
        let drawing = try StrokeJSONDecoder(limits: limits).decode(document(points: 1_000))
        XCTAssertEqual(drawing.pointCount, 1_000)
    }

    func testEveryExampleFitsTheDefaultBudget() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let dir = root.appendingPathComponent("Strokes")
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".json") && !name.contains("schema") {
            XCTAssertNoThrow(try StrokeJSONDecoder().decode([UInt8](Data(contentsOf: dir.appendingPathComponent(name)))), name)
        }
    }
}
