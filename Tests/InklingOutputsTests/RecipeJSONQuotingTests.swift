import Foundation
import XCTest
@testable import InklingOutputs

/// The recipe writer's string literals: escapes as before, multi-byte UTF-8 verbatim.
final class RecipeJSONQuotingTests: XCTestCase {
    func testEscapesOnlyWhatJSONNeeds() {
        XCTAssertEqual(RecipeJSONWriter.quoted(""), #""""#)
        XCTAssertEqual(RecipeJSONWriter.quoted("plain"), #""plain""#)
        XCTAssertEqual(RecipeJSONWriter.quoted("a\"b\\c\nd\re\tf"), #""a\"b\\c\nd\re\tf""#)
        XCTAssertEqual(RecipeJSONWriter.quoted("\u{0}\u{1F}\u{7F}x"), #""\u0000\u001f\u007fx""#)
        XCTAssertEqual(RecipeJSONWriter.quoted("renard « roux » — 狐 🦊\n"), "\"renard « roux » — 狐 🦊\\n\"")
        let long = String(repeating: #"{"x":1.5,"y":"é"}"#, count: 5000)
        XCTAssertEqual(RecipeJSONWriter.quoted(long), "\"" + long.replacingOccurrences(of: "\"", with: "\\\"") + "\"")
    }
}
