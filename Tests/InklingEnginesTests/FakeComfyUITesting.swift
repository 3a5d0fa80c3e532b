import Foundation
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import XCTest

/// Helpers of the ComfyUI tests: waiting for the fake to settle, and the failure a cancelled
/// generation ends with.
enum FakeComfyUITesting {
    /// Whether `condition` holds within `seconds` (checked every 20 ms).
    static func eventually(seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }

    /// Asserts that `condition` holds within `seconds`.
    static func assertEventually(_ condition: () -> Bool, _ message: @autoclosure () -> String = "", seconds: Double = 5,
                                 file: StaticString = #filePath, line: UInt = #line) async {
        let held = await eventually(seconds: seconds, condition)
        XCTAssertTrue(held, message(), file: file, line: line)
    }

    /// The ``EngineFailure`` `task` ends with, which must be a cancellation.
    static func cancellation<T: Sendable>(of task: Task<T, Error>, file: StaticString = #filePath, line: UInt = #line) async -> EngineFailure? {
        do {
            _ = try await task.value
            XCTFail("expected a cancellation", file: file, line: line)
        } catch let failure as EngineFailure {
            XCTAssertEqual(failure.kind, .cancelled, failure.message, file: file, line: line)
            XCTAssertFalse(failure.message.contains("\n"), "one line: \(failure.message)", file: file, line: line)
            return failure
        } catch {
            XCTFail("expected EngineFailure.cancelled, got \(type(of: error)): \(error)", file: file, line: line)
        }
        return nil
    }

    /// An engine for `fake` with the test entry, changed by `configure`.
    static func engine(_ fake: FakeComfyUI, configure: (inout EngineEntry) -> Void = { _ in }) -> ComfyUIEngine {
        var entry = RemoteFixtures.entry(.comfyui, fake.server.baseURL)
        configure(&entry)
        return ComfyUIEngine(entry: entry)
    }
}
