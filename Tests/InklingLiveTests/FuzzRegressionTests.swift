import Foundation
import InklingJobs
import InklingLive
import XCTest

/// Every input in Fuzz/regressions/live-message/ (what fuzz-live-message found, minimized) is
/// refused with one line, as the fuzz target requires.
final class FuzzRegressionTests: XCTestCase {
    func testLiveMessageRegressionsAreRefusedInOneLine() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/regressions/live-message")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                _ = try LiveClientMessage.decode(bytes)
                XCTFail("\(name) accepted")
            } catch {
                XCTAssertFalse(error.message.contains(where: \.isNewline), "\(name): \(error.message.debugDescription)")
                XCTAssertLessThanOrEqual(error.message.count, 600, name)
                XCTAssertEqual(error.code, "invalid_message", name)
            }
        }
    }
}
