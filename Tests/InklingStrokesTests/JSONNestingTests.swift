import InklingStrokes
import XCTest

/// The pre-parse nesting scan shared by the JSON importers, engine configuration, server
/// requests and regression case files.
final class JSONNestingTests: XCTestCase {
    func testCountsOnlyBracketsOutsideStrings() {
        XCTAssertNil(JSONNesting.firstViolation(in: Array(#"{"a": "[[[[[[\"[[[", "b": [1]}"#.utf8), limit: 2))
        XCTAssertEqual(JSONNesting.firstViolation(in: Array("[[[1]]]".utf8), limit: 2), 2)
        XCTAssertNil(JSONNesting.firstViolation(in: Array("[[1],[2],{\"k\":[3]}]".utf8), limit: 3))
    }
}
