import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import XCTest

/// A sketch at strength 0 does not steer, so no kind of engine is sent it (the OpenAI-compatible
/// flavours are checked in ``SDServerEngineTests``).
final class StrengthZeroTests: XCTestCase {
    func testComfyUIUploadsNoGuidanceMapAtStrengthZero() async throws {
        let fake = try FakeComfyUI()
        let engine = ComfyUIEngine(entry: RemoteFixtures.entry(.comfyui, fake.server.baseURL))
        _ = try await engine.generate(RemoteFixtures.conditioning(strength: 0), variation: 0)
        _ = try await engine.generate(RemoteFixtures.conditioning(strength: 0.5), variation: 0)
        XCTAssertEqual(fake.violations, [])
        let uploads = fake.server.requests.filter { $0.path == "/upload/image" }
        XCTAssertEqual(uploads.count, 1, "only the strength 0.5 request uploads its map")
        let classes = fake.workflows.map { Set(($0.object ?? [:]).values.compactMap { $0["class_type"]?.string }) }
        XCTAssertEqual(classes.map { $0.contains("ControlNetApplyAdvanced") }, [false, true])
    }

    func testA1111SendsNoControlNetUnitAtStrengthZero() async throws {
        let fake = try FakeAutomatic1111()
        let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL))
        _ = try await engine.generate(RemoteFixtures.conditioning(strength: 0), variation: 0)
        _ = try await engine.generate(RemoteFixtures.conditioning(strength: 0.5), variation: 0)
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.bodies.map { $0["alwayson_scripts"] != nil }, [false, true])
    }
}
