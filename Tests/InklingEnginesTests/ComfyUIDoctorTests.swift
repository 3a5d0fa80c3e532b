import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import XCTest

/// `doctor` checks what a render will use against ComfyUI's own lists, and a render's `400`
/// names what the server has even when ComfyUI leaves the list out.
final class ComfyUIDoctorTests: XCTestCase {
    func testEverySettingARenderUsesIsChecked() async throws {
        let fake = try FakeComfyUI()
        let diagnosis = await FakeComfyUITesting.engine(fake).diagnose()
        XCTAssertEqual(diagnosis.availability, .available)
        XCTAssertEqual(diagnosis.models.map(\.role), ["checkpoint", "ControlNet model", "sampler", "scheduler", "size", "size"])
        XCTAssertEqual(diagnosis.models.map(\.name), ["sd_xl_base_1.0.safetensors", "controlnet-scribble-sdxl-1.0.safetensors", "euler", "normal",
                                                      "128x96", "96x128"])
        XCTAssertEqual(Set(diagnosis.models.map(\.present)), [true])
        let asked = Set(fake.server.requests.map(\.path))
        XCTAssertTrue(asked.isSuperset(of: ["/object_info/KSampler", "/object_info/EmptyLatentImage"]), "\(asked)")
    }

    func testA1111SpellingsMakeItUnavailableWithTheRightNames() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake) {
            $0.defaults.sampler = "Euler a"
            $0.defaults.scheduler = "Automatic"
        }
        let diagnosis = await engine.diagnose()
        guard case .unavailable(let reason) = diagnosis.availability else { return XCTFail("\(diagnosis)") }
        for fragment in ["has no sampler 'Euler a' (it has: euler, euler_cfg_pp, euler_ancestral,", ", seeds_2, seeds_3, sa_solver, sa_solver_pece, ddim, uni_pc, uni_pc_bh2); fix",
                         "fix defaults.sampler in the engine configuration (did you mean euler_ancestral?)",
                         "has no scheduler 'Automatic' (it has: simple, sgm_uniform, karras, exponential, ddim_uniform, beta, normal, linear_quadratic, kl_optimal)",
                         "fix defaults.scheduler in the engine configuration (did you mean normal?)"] {
            XCTAssertTrue(reason.contains(fragment), "\(reason) lacks \(fragment)")
        }
        XCTAssertEqual(diagnosis.models.filter { $0.present == false }.map(\.role), ["sampler", "scheduler"])
        // The render is refused the same way: by the server, named like doctor names it.
        await RemoteFixtures.assertFails(["has no sampler 'Euler a'", "(did you mean euler_ancestral?)",
                                          "also no scheduler 'Automatic' (did you mean normal?), fix defaults.scheduler"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testSizesOutsideEmptyLatentImagesRangeAreNamed() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake) { $0.sizes = [PixelSize(width: 128, height: 96), PixelSize(width: 100, height: 100)] }
        let diagnosis = await engine.diagnose()
        guard case .unavailable(let reason) = diagnosis.availability else { return XCTFail("\(diagnosis)") }
        XCTAssertTrue(reason.hasSuffix("cannot make 100x100: its EmptyLatentImage takes widths from 16 to 16384 in steps of 8 and heights from 16 to 16384 "
                                       + "in steps of 8; fix sizes in the engine configuration"), reason)
        XCTAssertEqual(diagnosis.models.filter { $0.role == "size" }.map(\.present), [true, false])
    }

    func testModelMissingAmongMoreThanTwentyIsNamedFromObjectInfo() async throws {
        let installed = (1...22).map { String(format: "dummy-%02d.safetensors", $0) }
        let fake = try FakeComfyUI(checkpoints: installed)
        let engine = FakeComfyUITesting.engine(fake)
        await RemoteFixtures.assertFails(["has no checkpoint 'sd_xl_base_1.0.safetensors' (it has: dummy-01.safetensors,", "dummy-21.safetensors, dummy-22.safetensors)",
                                          "put it in ComfyUI/models/checkpoints or fix models.checkpoint"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        let paths = fake.server.requests.map(\.path)
        let rejected = try XCTUnwrap(paths.lastIndex(of: "/prompt"))
        XCTAssertTrue(paths[rejected...].contains("/object_info/CheckpointLoaderSimple"), "the list was fetched after the 400: \(paths)")
    }
}
