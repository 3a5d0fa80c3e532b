import Foundation
import InklingHTTPExchange
import XCTest

/// Every input fuzz-http found a crash with (`Fuzz/regressions/http/`) goes through the whole
/// server again and gets an answer, never a 500 (the fuzz target's own property). The read past
/// the body that `string-ends-on-backslash-read-past-body.http` caused is caught exactly by
/// `JSONNestingTests.testTextEndingOnABackslashInAStringIsNotReadPastItsEnd` (a guard page).
final class FuzzRegressionTests: XCTestCase {
    func testEveryHTTPRegressionIsAnsweredWithoutA500() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions/http")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty, "no regression inputs in \(folder.path)")
        for name in names {
            let request = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let response = RawHTTPExchange.respond(to: request)
            let head = String(decoding: response.prefix(16), as: UTF8.self)
            XCTAssertFalse(head.hasPrefix("HTTP/1.1 500"), "\(name): \(head)")
        }
    }
}
