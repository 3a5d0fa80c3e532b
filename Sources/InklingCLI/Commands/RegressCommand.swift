import Foundation
import Inkling
import InklingRegression
import InklingComparison

/// `inkling regress`: re-renders a folder of cases and checks them against their references.
struct RegressCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "regress",
        abstract: "Re-render regression cases and compare them with their reference images.",
        discussion: """
        <cases> is a folder of case folders (each with a case.json, a drawing and reference.png),
        one case folder, or a .json manifest listing cases (references in references/ beside it);
        docs/regression.md describes the keys. Every case file is checked before any rendering.
        Cases render concurrently (with the built-in engine unless --engine names a configured
        one) and are compared with each case's tolerance (default: identical). Record modes: missing (record cases without a reference),
        all (re-record everything), failed (re-record the cases that fail), never (for CI: a
        missing reference fails). The report is an HTML page with reference, actual and
        difference images side by side, plus the same as JSON beside it. One line per case goes
        to standard error as it finishes. Exit status: 0 every case passed or was recorded,
        1 a case failed, 2 a case could not be run or the cases could not be read.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("cases", help: "Folder of cases, one case folder, or a cases manifest (.json).")],
            options: [
                .init("record", value: "mode", help: "missing, all, failed or never.", default: "missing"),
                .init("report", value: "report.html", help: "Where to write the HTML report (JSON beside it).", default: "regress-report/report.html"),
                .init("jobs", short: "j", value: "n", help: "Cases rendered at once, 1…64.", default: "one per core"),
            ],
            flags: [.init("json", help: "Also print the JSON report on standard output.")]
        ).including(EngineOptions.spec))

    var cases: String
    var record: RecordMode
    var report: String
    var jobs: Int
    var json: Bool
    var engine: EngineOptions

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        cases = arguments.positionals[0]
        if cases == "-" { throw .usage("regress reads a folder or manifest of cases, not standard input") }
        record = try arguments.value("record", as: RecordMode.self) ?? .missing
        report = try arguments.value("report", as: String.self) ?? "regress-report/report.html"
        guard report.hasSuffix(".html"), report != ".html" else { throw .usage("--report must name an .html file (the JSON goes beside it)") }
        jobs = try arguments.value("jobs", as: Int.self) ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...64).contains(jobs) else { throw .usage("--jobs must be 1…64, got \(jobs)") }
        json = arguments.flag("json")
        engine = try EngineOptions(arguments)
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let loaded: [RegressionCase]
        do {
            loaded = try CaseReader.cases(at: URL(fileURLWithPath: cases))
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        let engine = try CLIEngine.make(self.engine, style: nil)
        let html = URL(fileURLWithPath: report)
        let artifacts = html.deletingLastPathComponent().appendingPathComponent(html.deletingPathExtension().lastPathComponent + "-files")
        let runner = RegressionRunner(record: record, jobs: jobs, artifacts: artifacts, makeEngine: { engine })
        let clock = ContinuousClock(), start = clock.now
        var results: [CaseResult] = []
        do {
            for try await result in runner.run(loaded) {
                results.append(result)
                let mark = result.status == .passed ? "ok" : result.status.rawValue.uppercased()
                io.writeError("[\(results.count)/\(loaded.count)] \(result.name): \(mark) — \(result.message) (\(MetricFormat.fixed(result.seconds, digits: 2)) s)")
            }
        } catch {
            throw CommandFailure(.failure, "the run was interrupted: \(error)")
        }
        let summary = RegressionReport(inklingVersion: InklingImageCreator.version, engine: engine.identifier,
                                       recordMode: record, cases: cases, results: results,
                                       seconds: Double((clock.now - start) / .milliseconds(1)) / 1000)
        do {
            try summary.write(html: html)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        if json { try io.print(summary.json()) }
        io.writeError("regress: \(summary.tally); report: \(report)")
        if results.contains(where: { $0.status == .error }) { return .usage }
        return summary.passed ? .success : .inputRejected
    }
}

extension RecordMode: ArgumentValue {}
