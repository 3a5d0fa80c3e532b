import Foundation
import InklingBase
import XCTest
@testable import InklingOutputs

/// The recipe's string literals (written by ``JSONWriter`` since it replaced the recipe's own
/// writer): escapes as before, multi-byte UTF-8 verbatim.
final class RecipeJSONQuotingTests: XCTestCase {
    private enum RecipeJSONWriter {
        static func quoted(_ text: String) -> String {
            var w = JSONWriter()
            w.string(text)
            return w.text
        }
    }

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
