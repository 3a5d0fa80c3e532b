import Foundation
import InklingImageIO
import InklingOutputs
import XCTest
@testable import InklingRegression

/// Record modes, tolerances and errors on small suites rendered with a fast test engine.
final class RecordModeTests: XCTestCase {
    private func suite(_ cases: [String: String]) throws -> (URL, [RegressionCase]) {
        let root = try RegressionFixtures.temporaryFolder()
        for (name, json) in cases { try RegressionFixtures.writeCase(name, in: root, caseJSON: json) }
        return (root, try CaseReader.cases(at: root))
    }

    private func runner(_ mode: RecordMode, shift: UInt8 = 0) -> RegressionRunner {
        RegressionRunner(record: mode, makeEngine: { SwatchEngine(shift: shift) })
    }

    func testMissingRecordsThenPasses() async throws {
        let (_, cases) = try suite(["a": #"{"drawing": "drawing.json", "prompt": "a boat", "size": "64x64"}"#,
                                    "b": #"{"drawing": "drawing.json", "variations": 2, "size": "64x64"}"#])
        let first = try await RegressionFixtures.run(runner(.missing), cases)
        XCTAssertEqual(first["a"]?.status, .recorded)
        XCTAssertEqual(first["a"]?.message, "recorded 1 reference")
        XCTAssertEqual(first["b"]?.message, "recorded 2 references")
        let recipe = try Recipe.read(from: cases[0].references(for: "swatch")[0])
        XCTAssertEqual(recipe.engine, "swatch", "references carry their recipe")
        let second = try await RegressionFixtures.run(runner(.missing), cases)
        XCTAssertEqual(second["a"]?.status, .passed)
        XCTAssertEqual(second["b"]?.status, .passed)
        XCTAssertEqual(second["b"]?.message, "all 2 variations match")
    }

    func testNeverFailsWithoutAReferenceAndWritesNothing() async throws {
        let (_, cases) = try suite(["a": #"{"drawing": "drawing.json", "size": "64x64"}"#])
        let results = try await RegressionFixtures.run(runner(.never), cases)
        XCTAssertEqual(results["a"]?.status, .failed)
        XCTAssertTrue(results["a"]?.message.contains("no reference at") ?? false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cases[0].references(for: "swatch")[0].path))
    }

    func testChangedEngineFailsThenFailedModeRerecords() async throws {
        let (_, cases) = try suite(["a": #"{"drawing": "drawing.json", "size": "64x64"}"#])
        _ = try await RegressionFixtures.run(runner(.missing), cases)
        let failed = try await RegressionFixtures.run(runner(.never, shift: 9), cases)
        XCTAssertEqual(failed["a"]?.status, .failed)
        XCTAssertEqual(failed["a"]?.variations.first?.comparison?.pixelsOver, 64 * 64)
        let rerecorded = try await RegressionFixtures.run(runner(.failed, shift: 9), cases)
        XCTAssertEqual(rerecorded["a"]?.status, .rerecorded)
        XCTAssertTrue(rerecorded["a"]?.message.hasPrefix("re-recorded 1 reference (was: 100% of pixels differ") ?? false,
                      rerecorded["a"]?.message ?? "")
        let after = try await RegressionFixtures.run(runner(.never, shift: 9), cases)
        XCTAssertEqual(after["a"]?.status, .passed)
    }

    func testAllRerecordsEvenWhenPassing() async throws {
        let (_, cases) = try suite(["a": #"{"drawing": "drawing.json", "size": "64x64"}"#])
        _ = try await RegressionFixtures.run(runner(.missing), cases)
        let modified = try FileManager.default.attributesOfItem(atPath: cases[0].references(for: "swatch")[0].path)[.modificationDate] as? Date
        let results = try await RegressionFixtures.run(runner(.all), cases)
        XCTAssertEqual(results["a"]?.status, .recorded)
        XCTAssertEqual(results["a"]?.message, "re-recorded 1 reference")
        let now = try FileManager.default.attributesOfItem(atPath: cases[0].references(for: "swatch")[0].path)[.modificationDate] as? Date
        XCTAssertNotNil(now)
        XCTAssertGreaterThanOrEqual(now!, modified!)
    }

    func testPerCaseToleranceAbsorbsSmallDrift() async throws {
        let (_, cases) = try suite([
            "strict": #"{"drawing": "drawing.json", "size": "64x64"}"#,
            "lenient": #"{"drawing": "drawing.json", "size": "64x64", "tolerance": {"perceptualPrecision": 0.9}}"#,
        ])
        _ = try await RegressionFixtures.run(runner(.missing), cases)
        let results = try await RegressionFixtures.run(runner(.never, shift: 1), cases)
        XCTAssertEqual(results["strict"]?.status, .failed)
        XCTAssertEqual(results["lenient"]?.status, .passed, results["lenient"]?.message ?? "")
    }

    func testAdherenceFloor() async throws {
        let (_, cases) = try suite(["a": #"{"drawing": "drawing.json", "size": "64x64", "minimumAdherence": 1}"#])
        let results = try await RegressionFixtures.run(runner(.missing), cases)
        // The missing reference is recorded, but recording never hides a broken floor.
        XCTAssertEqual(results["a"]?.status, .failed)
        XCTAssertTrue(results["a"]?.message.hasPrefix("guidance adherence F1") ?? false, results["a"]?.message ?? "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cases[0].references(for: "swatch")[0].path))
        let again = try await RegressionFixtures.run(runner(.failed), cases)
        XCTAssertEqual(again["a"]?.status, .failed, "re-recording cannot settle an adherence floor")
        XCTAssertEqual(again["a"]?.variations.first?.comparison?.identical, true)
    }

    func testUnreadableInputsAndDamagedReferences() async throws {
        let (root, cases) = try suite(["gone": #"{"drawing": "missing.json", "size": "64x64"}"#,
                                       "damaged": #"{"drawing": "drawing.json", "size": "64x64"}"#])
        try Data("not a png".utf8).write(to: root.appendingPathComponent("damaged/reference.swatch.png"))
        let results = try await RegressionFixtures.run(runner(.never), cases)
        XCTAssertEqual(results["gone"]?.status, .error)
        XCTAssertTrue(results["gone"]?.message.contains("missing.json: no such file") ?? false, results["gone"]?.message ?? "")
        XCTAssertEqual(results["damaged"]?.status, .failed)
        XCTAssertTrue(results["damaged"]?.message.contains("the reference cannot be read") ?? false, results["damaged"]?.message ?? "")
        let fixed = try await RegressionFixtures.run(runner(.failed), [cases[0]])
        XCTAssertEqual(fixed["damaged"]?.status, .rerecorded)
    }

    func testReportEscapesNamesAndMessages() throws {
        let result = CaseResult(name: "<script>x</script>", status: .failed, message: "a & b < c", seconds: 0.5, variations: [])
        let html = ReportHTML.page(for: RegressionReport(inklingVersion: "t", engine: "e", recordMode: .never, cases: "c", results: [result], seconds: 1))
        XCTAssertFalse(html.contains("<script>x"))
        XCTAssertTrue(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        XCTAssertTrue(html.contains("a &amp; b &lt; c"))
    }

    /// References are named per engine: one recorded with the swatch engine is never compared
    /// with the built-in engine's images, and a missing one says which engines have one.
    func testReferencesAreNamedPerEngine() async throws {
        let (root, cases) = try suite(["a": #"{"drawing": "drawing.json", "size": "64x64"}"#])
        _ = try await RegressionFixtures.run(runner(.missing), cases)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/reference.swatch.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/reference.png").path))
        let builtin = try await RegressionFixtures.run(RegressionRunner(record: .never), cases)
        XCTAssertEqual(builtin["a"]?.status, .failed)
        XCTAssertTrue(builtin["a"]?.message.contains("no reference at \(root.path)/a/reference.png for the builtin engine (references exist for: swatch)") ?? false,
                      builtin["a"]?.message ?? "")
        XCTAssertEqual(cases[0].references(for: "comfy ui/x").map(\.lastPathComponent), ["reference.comfy-ui-x.png"])

        // Per platform: the engine's shared reference serves until a platform's own is recorded.
        var onMac = runner(.missing)
        onMac.platform = "macos"
        let shared = try await RegressionFixtures.run(onMac, cases)
        XCTAssertEqual(shared["a"]?.status, .passed, "compared with reference.swatch.png")
        onMac.record = .all
        _ = try await RegressionFixtures.run(onMac, cases)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/reference.swatch@macos.png").path))
        XCTAssertEqual(cases[0].references(for: "swatch", platform: "macos").map(\.lastPathComponent), ["reference.swatch@macos.png"])
        XCTAssertEqual(cases[0].references(for: "swatch", platform: nil).map(\.lastPathComponent), ["reference.swatch.png"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("a/reference.swatch.png"))
        let missing = try await RegressionFixtures.run(runner(.never), cases)
        XCTAssertTrue(missing["a"]?.message.contains("(references exist for: swatch on macos)") ?? false, missing["a"]?.message ?? "")
    }

    /// Ignored rectangles and a mask leave pixels out of the comparison; a mask of another size
    /// fails with a clear message.
    func testIgnoredRegionsAndMasks() async throws {
        let (root, cases) = try suite(["a": #"{"drawing": "drawing.json", "size": "64x64"}"#])
        _ = try await RegressionFixtures.run(runner(.missing), cases)
        // The engine's first row changes with `shift`; ignore it, and only it.
        func check(_ json: String, shift: UInt8) async throws -> CaseResult? {
            try Data(json.utf8).write(to: root.appendingPathComponent("a/case.json"))
            return try await RegressionFixtures.run(runner(.never, shift: shift), try CaseReader.cases(at: root))["a"]
        }
        let shifted = try await check(#"{"drawing": "drawing.json", "size": "64x64"}"#, shift: 1)
        XCTAssertEqual(shifted?.status, .failed)
        let everything = try await check(#"{"drawing": "drawing.json", "size": "64x64", "ignore": [[0, 0, 64, 64]]}"#, shift: 1)
        XCTAssertEqual(everything?.status, .passed, everything?.message ?? "")
        let half = try await check(#"{"drawing": "drawing.json", "size": "64x64", "ignore": [[0, 0, 64, 32]]}"#, shift: 1)
        XCTAssertEqual(half?.status, .failed, "the other half still counts")
        XCTAssertEqual(half?.variations.first?.comparison?.pixelsOver, 32 * 64)

        var mask = RasterImage(width: 64, height: 64, format: .gray, filledWith: 255)
        try PNGFile.write(PNGDocument(image: mask), to: root.appendingPathComponent("a/mask.png"))
        let masked = try await check(#"{"drawing": "drawing.json", "size": "64x64", "ignoreMask": "mask.png"}"#, shift: 1)
        XCTAssertEqual(masked?.status, .passed, masked?.message ?? "")
        mask = RasterImage(width: 32, height: 32, format: .gray, filledWith: 255)
        try PNGFile.write(PNGDocument(image: mask), to: root.appendingPathComponent("a/mask.png"))
        let wrong = try await check(#"{"drawing": "drawing.json", "size": "64x64", "ignoreMask": "mask.png"}"#, shift: 0)
        XCTAssertEqual(wrong?.status, .failed)
        XCTAssertTrue(wrong?.message.contains("the ignore mask mask.png is 32×32, the reference is 64×64") ?? false, wrong?.message ?? "")

        for (json, expected) in [(#"{"drawing": "drawing.json", "ignore": [[0, 0, 0, 5]]}"#, "ignore[0][2]: expected a rectangle"),
                                 (#"{"drawing": "drawing.json", "ignore": [[0, 0, 5]]}"#, "ignore[0]: expected a rectangle"),
                                 (#"{"drawing": "drawing.json", "ignoreMask": "../mask.png"}"#, "ignoreMask")] {
            try Data(json.utf8).write(to: root.appendingPathComponent("a/case.json"))
            XCTAssertThrowsError(try CaseReader.cases(at: root), json) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
            }
        }
    }
}
