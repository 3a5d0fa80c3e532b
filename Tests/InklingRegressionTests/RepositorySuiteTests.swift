import Foundation
import InklingComparison
import InklingImageIO
import XCTest
@testable import InklingRegression

/// The suite kept in `Tests/Regression/cases`: unchanged output passes, a deliberate small change
/// in the built-in engine's output fails every case loudly, with difference images.
final class RepositorySuiteTests: XCTestCase {
    func testRecordedSuitePassesUnchanged() async throws {
        let cases = try CaseReader.cases(at: RegressionFixtures.repositorySuite)
        XCTAssertGreaterThanOrEqual(cases.count, 6)
        let artifacts = try RegressionFixtures.temporaryFolder().appendingPathComponent("report-files")
        let results = try await RegressionFixtures.run(RegressionRunner(record: .never, artifacts: artifacts), cases)
        for c in cases {
            let result = try XCTUnwrap(results[c.name])
            XCTAssertEqual(result.status, .passed, "\(c.name): \(result.message)")
            for v in result.variations {
                XCTAssertEqual(v.comparison?.identical, true, "\(c.name) variation \(v.variation): the built-in engine is deterministic")
                XCTAssertNotNil(v.adherence, "\(c.name): adherence measured")
            }
        }
    }

    func testOnePixelPerRegionFailsEveryCaseWithADifferenceImage() async throws {
        let suite = try RegressionFixtures.copyOfRepositorySuite()
        let cases = try CaseReader.cases(at: suite)
        let report = suite.deletingLastPathComponent().appendingPathComponent("report.html")
        let artifacts = suite.deletingLastPathComponent().appendingPathComponent("report-files")
        let runner = RegressionRunner(record: .never, artifacts: artifacts, makeEngine: { PerturbedEngine() })
        let before = try cases.flatMap(\.references).map { try Data(contentsOf: $0) }
        let results = try await RegressionFixtures.run(runner, cases)
        for c in cases {
            let result = try XCTUnwrap(results[c.name])
            XCTAssertEqual(result.status, .failed, "\(c.name) must catch the change: \(result.message)")
            XCTAssertTrue(result.message.contains("of pixels differ by more than ΔE 0"), result.message)
            for v in result.variations {
                let reference = try PNGFile.read(from: c.references[v.variation - 1]).image
                var expected = reference
                let changed = PerturbedEngine.perturb(&expected)
                XCTAssertGreaterThan(changed, 0)
                XCTAssertEqual(v.comparison?.pixelsOver, changed, "\(c.name): exactly the flipped pixels differ")
                let diff = try XCTUnwrap(v.differenceImage, "\(c.name): a difference image is written")
                let heat = try PNGFile.read(from: artifacts.deletingLastPathComponent().appendingPathComponent(diff)).image
                XCTAssertEqual([heat.width, heat.height], [reference.width, reference.height])
            }
        }
        // The references are untouched in `never` mode, and the report says FAIL.
        XCTAssertEqual(try cases.flatMap(\.references).map { try Data(contentsOf: $0) }, before)
        let summary = RegressionReport(inklingVersion: "test", engine: "builtin", recordMode: .never, cases: suite.path,
                                       results: Array(results.values), seconds: 1)
        try summary.write(html: report)
        let html = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(html.contains("FAIL — 0 passed, \(cases.count) failed"), String(html.prefix(600)))
        XCTAssertTrue(html.contains("diff-1.png"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any]
        XCTAssertEqual((json?["results"] as? [Any])?.count, cases.count)
    }
}
