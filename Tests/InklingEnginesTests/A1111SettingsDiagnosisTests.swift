import Foundation
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import XCTest

/// `diagnose()` of the A1111/Forge adapter checks the sampler and scheduler a render will use
/// against the web UI's own `/sdapi/v1/samplers` and `/sdapi/v1/schedulers`.
final class A1111SettingsDiagnosisTests: XCTestCase {
    private func diagnose(_ fake: FakeAutomatic1111, sampler: String = "Euler a", scheduler: String = "Automatic") async -> EngineDiagnosis {
        var entry = RemoteFixtures.entry(.automatic1111, fake.server.baseURL)
        entry.defaults.sampler = sampler
        entry.defaults.scheduler = scheduler
        return await Automatic1111Engine(entry: entry).diagnose()
    }

    private func reason(_ diagnosis: EngineDiagnosis, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case .unavailable(let reason) = diagnosis.availability else { XCTFail("available: \(diagnosis)", file: file, line: line); return "" }
        XCTAssertFalse(reason.contains("\n"), reason, file: file, line: line)
        return reason
    }

    private func fact(_ diagnosis: EngineDiagnosis, _ role: String) -> EngineDiagnosis.Model? { diagnosis.models.first { $0.role == role } }

    func testASamplerTheServerLacksMakesItUnavailableNamingEveryValidOne() async throws {
        let fake = try FakeAutomatic1111()
        let diagnosis = await diagnose(fake, sampler: "euler")
        XCTAssertEqual(fact(diagnosis, "sampler"), .init(role: "sampler", name: "euler", present: false))
        XCTAssertEqual(fact(diagnosis, "scheduler")?.present, true)
        let text = reason(diagnosis)
        XCTAssertTrue(text.hasPrefix("A1111/Forge at \(fake.server.baseURL.absoluteString) has no sampler 'euler' (it has: DPM++ 2M, DPM++ SDE,"), text)
        XCTAssertTrue(text.contains(", Euler a, Euler, LMS,"), text)
        XCTAssertTrue(text.hasSuffix(", UniPC, LCM); set defaults.sampler to one of them in the engine configuration"), text)
        XCTAssertTrue(fake.server.requests.contains { $0.path == "/sdapi/v1/samplers" })
    }

    func testAnAliasIsNotASamplerNameAndTheNameIsGiven() async throws {
        let diagnosis = await diagnose(try FakeAutomatic1111(), sampler: "k_euler_a")
        XCTAssertEqual(fact(diagnosis, "sampler")?.present, false)
        XCTAssertTrue(reason(diagnosis).hasSuffix("knows sampler 'k_euler_a' only as an alias of 'Euler a', and the API takes the name: set defaults.sampler to 'Euler a' in the engine configuration"))
    }

    func testSchedulersAreFoundByNameOrLabel() async throws {
        let fake = try FakeAutomatic1111()
        for name in ["Karras", "karras", "SGM Uniform", "sgm_uniform"] {
            let diagnosis = await diagnose(fake, scheduler: name)
            XCTAssertEqual(diagnosis.availability, .available, name)
            XCTAssertEqual(fact(diagnosis, "scheduler"), .init(role: "scheduler", name: name, present: true))
        }
        let alias = await diagnose(fake, scheduler: "SGMUniform")
        XCTAssertTrue(reason(alias).contains("knows scheduler 'SGMUniform' only as an alias of 'SGM Uniform'"))
        let missing = await diagnose(fake, scheduler: "Turbo")
        XCTAssertEqual(fact(missing, "scheduler")?.present, false)
        XCTAssertTrue(reason(missing).hasSuffix("has no scheduler 'Turbo' (it has: Automatic, Uniform, Karras, Exponential, Polyexponential, SGM Uniform, KL Optimal, Align Your Steps, Simple, Normal, DDIM, Beta); set defaults.scheduler to one of them in the engine configuration"))
    }

    func testEveryMissingSettingIsNamedOnOneLine() async throws {
        let fake = try FakeAutomatic1111(checkpoints: ["v1-5-pruned-emaonly.safetensors [6ce0161689]"])
        let text = reason(await diagnose(fake, sampler: "euler", scheduler: "Turbo"))
        XCTAssertEqual(text.components(separatedBy: "; ").filter { $0.contains("has no") }.count, 3, text)
        XCTAssertTrue(text.contains("fix models.checkpoint"), text)
        XCTAssertTrue(text.contains("set defaults.sampler"), text)
        XCTAssertTrue(text.contains("set defaults.scheduler"), text)
    }

    func testAWebUIWithoutSchedulersLeavesTheSchedulerUnchecked() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.before1_9 = true
        let diagnosis = await diagnose(try FakeAutomatic1111(behavior: behavior), scheduler: "Turbo")
        XCTAssertEqual(diagnosis.availability, .available)
        XCTAssertEqual(fact(diagnosis, "scheduler"), .init(role: "scheduler", name: "Turbo", present: nil))
        XCTAssertEqual(fact(diagnosis, "sampler")?.present, true)
    }

    func testWebUI110QuietlyRunsItsDefaultForANameItLacks() async throws {
        let fake = try FakeAutomatic1111()
        var entry = RemoteFixtures.entry(.automatic1111, fake.server.baseURL)
        entry.defaults.sampler = "euler"
        _ = try await Automatic1111Engine(entry: entry).generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(fake.autocorrections, [#"Sampler Scheduler autocorrection: "euler" -> "DPM++ 2M", "Automatic" -> "Automatic""#],
                       "no error reaches the client: only the doctor can tell")
    }
}
