import Foundation
import InklingEngineFakes
import InklingEngines
import XCTest

/// What a ComfyUI render leaves on the server: nothing in input/, output/ or the history; the
/// uploads and the preview in temp/, which ComfyUI empties when it restarts.
final class ComfyUIRemainsTests: XCTestCase {
    func testARenderLeavesNothingButTempFiles() async throws {
        let fake = try FakeComfyUI()
        let image = try await FakeComfyUITesting.engine(fake).generate(RemoteFixtures.conditioning(source: RemoteFixtures.photo), variation: 0)
        XCTAssertEqual(image.width, 128)
        XCTAssertEqual(fake.violations, [])
        let remains = fake.remains
        XCTAssertEqual(remains.input, [])
        XCTAssertEqual(remains.output, [])
        XCTAssertEqual(remains.history, [])
        XCTAssertEqual(remains.queue, [])
        XCTAssertEqual(remains.temp.filter { $0.hasSuffix("-guide (1).png") || $0.hasSuffix("-source (1).png") }.count, 2, "\(remains.temp)")
        XCTAssertEqual(remains.temp.filter { $0.hasPrefix("ComfyUI_temp_") }.count, 1, "the preview: \(remains.temp)")
        let uploads = fake.server.requests.filter { $0.path == "/upload/image" }
        XCTAssertEqual(uploads.compactMap { $0.multipart?.first { $0.name == "type" }?.text }, ["temp", "temp"])
        XCTAssertEqual(fake.historyDeletes.count, 1)
        fake.restart()
        XCTAssertEqual(fake.remains.temp, [], "ComfyUI empties temp/ when it starts")
    }

    func testAFailedRunLeavesNoHistory() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.executionError = "CUDA out of memory"
        let fake = try FakeComfyUI(behavior: behavior)
        await RemoteFixtures.assertFails(["node 9 (KSampler): CUDA out of memory"]) {
            _ = try await FakeComfyUITesting.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertEqual(fake.outcomes.values.first, .failed)
        XCTAssertTrue(fake.remains.isClean, "\(fake.remains)")
    }

    func testOutputsInASubfolderAreFetched() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.outputSubfolder = "inkling/sub dir"
        let fake = try FakeComfyUI(behavior: behavior)
        let image = try await FakeComfyUITesting.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(image.height, 96)
        let view = try XCTUnwrap(fake.server.requests.last { $0.path == "/view" })
        XCTAssertEqual(view.query["subfolder"], "inkling/sub dir")
        XCTAssertEqual(view.query["type"], "temp")
    }

    func testARepeatedPromptIsAnsweredFromTheCache() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake)
        let first = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        let second = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(first, second)
        let workflow = try XCTUnwrap(fake.workflows.last?.object)
        let cached = fake.cachedNodes.values.sorted { $0.count < $1.count }
        XCTAssertEqual(cached.first, [], "the first run computed everything")
        XCTAssertEqual(cached.last, workflow.keys.sorted(), "the repeat found every node cached")
        XCTAssertEqual(fake.remains.history, [])
    }
}
