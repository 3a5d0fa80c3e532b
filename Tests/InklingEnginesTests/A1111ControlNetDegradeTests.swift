import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// An A1111-compatible server without the ControlNet API (no sd-webui-controlnet extension, or
/// stable-diffusion.cpp's `/sdapi/v1`): the engine stays available, says the sketch is not
/// sent, and generates from the text alone instead of failing.
final class A1111ControlNetDegradeTests: XCTestCase {
    private func bare() throws -> FakeAutomatic1111 {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.controlNetInstalled = false
        return try FakeAutomatic1111(behavior: behavior)
    }

    func testWithoutTheControlNetAPIItGeneratesTextOnlyWithANotice() async throws {
        let fake = try bare()
        let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL))
        let conditioning = RemoteFixtures.conditioning(strength: 0.8)
        XCTAssertEqual(engine.notices(for: conditioning), [], "nothing is known before the server is asked")
        let availability = await engine.availability()
        XCTAssertEqual(availability, .available)
        let notices = engine.notices(for: conditioning)
        XCTAssertEqual(notices.count, 1)
        XCTAssertTrue(notices[0].contains("has no ControlNet API (GET /controlnet/model_list answered 404"), notices[0])
        XCTAssertTrue(notices[0].contains("the sketch is not sent (only the text steers)"), notices[0])
        XCTAssertFalse(notices[0].contains("\n"))
        let image = try await engine.generate(conditioning, variation: 0)
        XCTAssertEqual(fake.violations, [])
        let body = try XCTUnwrap(fake.bodies.last)
        XCTAssertNil(body["alwayson_scripts"], "no ControlNet unit")
        XCTAssertEqual(body["seed"]?.int, 7)
        XCTAssertEqual(stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }.max(), 0, "no guidance reached the painter")
        XCTAssertEqual(engine.notices(for: RemoteFixtures.conditioning(strength: 0)), [], "strength 0 asks for no sketch: nothing is dropped")
    }

    func testGenerateAsksOnceWhenNotDiagnosedFirst() async throws {
        let fake = try bare()
        let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL))
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 1)
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.server.requests.filter { $0.path == "/controlnet/model_list" }.count, 1)
        XCTAssertEqual(fake.bodies.compactMap { $0["alwayson_scripts"] }.count, 0)
        XCTAssertEqual(engine.notices(for: RemoteFixtures.conditioning()).count, 1)

        let full = try FakeAutomatic1111()
        let withControlNet = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, full.server.baseURL))
        _ = try await withControlNet.generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertNotNil(full.bodies.last?["alwayson_scripts"]?["controlnet"], "a server with the API still gets the unit")
        XCTAssertEqual(withControlNet.notices(for: RemoteFixtures.conditioning()), [])
    }
}
