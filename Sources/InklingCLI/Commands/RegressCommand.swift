import Foundation
import InklingBase
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
        difference images side by side (and what changed in each failing case's recipe), plus
        the same as JSON beside it; --junit writes JUnit XML for CI. --filter picks cases by name. One line per case goes
        to standard error as it finishes. Exit status: 0 every case passed or was recorded,
        1 a case failed, 2 a case could not be run or the cases could not be read.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("cases", help: "Folder of cases, one case folder, or a cases manifest (.json).")],
            options: [
                .init("record", value: "mode", help: "missing, all, failed or never.", default: "missing"),
                .init("report", value: "report.html", help: "Where to write the HTML report (JSON beside it).", default: "regress-report/report.html"),
                .init("jobs", short: "j", value: "n", help: "Cases rendered at once, 1…64.", default: "one per core"),
                .init("junit", value: "file.xml", help: "Also write the results as JUnit XML, for CI systems."),
                .init("platform", value: "name", help: "Keep references per platform too (reference.<engine>@<name>.png where outputs differ between machines)."),
                .init("filter", value: "pattern", help: "Run (or record) only the cases whose name matches: a glob (house-*, *emoji*) or a part of the name."),
            ],
            flags: [.init("json", help: "Also print the JSON report on standard output.")]
        ).including(EngineOptions.spec))

    var cases: String
    var record: RecordMode
    var report: String
    var jobs: Int
    var json: Bool
    var engine: EngineOptions
    var junit: String?
    var filter: String?
    var platform: String?

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        cases = arguments.positionals[0]
        if cases == "-" { throw .usage("regress reads a folder or manifest of cases, not standard input") }
        record = try arguments.value("record", as: RecordMode.self) ?? .missing
        report = try arguments.value("report", as: String.self) ?? "regress-report/report.html"
        guard report.hasSuffix(".html"), report != ".html" else { throw .usage("--report must name an .html file (the JSON goes beside it)") }
        jobs = try arguments.value("jobs", as: Int.self) ?? ActiveCores.count
        guard (1...64).contains(jobs) else { throw .usage("--jobs must be 1…64, got \(jobs)") }
        json = arguments.flag("json")
        engine = try EngineOptions(arguments)
        junit = try arguments.value("junit", as: String.self)
        if let junit {
            guard !junit.isEmpty, junit != "-" else { throw .usage("--junit needs a file name for the XML") }
            guard junit != report else { throw .usage("--junit and --report name the same file") }
        }
        platform = try arguments.value("platform", as: String.self)
        if let platform, platform.isEmpty || platform.count > 40 || !platform.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw .usage("--platform must be 1…40 letters, digits, - or _ (it becomes part of file names), got '\(platform.prefix(40))'")
        }
        filter = try arguments.value("filter", as: String.self)
        if let filter, filter.isEmpty || filter.utf8.count > 200 {
            throw .usage("--filter needs a pattern of 1…200 bytes (a glob such as house-* or a part of a case name)")
        }
    }

    /// The cases `filter` keeps: a glob pattern (`*`, `?`, `[…]`) matched against the whole
    /// name, or else a part of the name.
    static func matching(_ cases: [RegressionCase], filter: String?) throws(CommandFailure) -> [RegressionCase] {
        guard let filter else { return cases }
        let isGlob = filter.contains { "*?[".contains($0) }
        let kept = cases.filter { c in isGlob ? fnmatch(filter, c.name, 0) == 0 : c.name.contains(filter) }
        guard !kept.isEmpty else {
            let names = cases.map(\.name).sorted()
            throw CommandFailure(.usage, "--filter \(filter.prefix(80)) matches none of the \(names.count) cases: \(names.prefix(12).joined(separator: ", "))\(names.count > 12 ? ", …" : "")")
        }
        return kept
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let loaded: [RegressionCase]
        do {
            loaded = try CaseReader.cases(at: URL(fileURLWithPath: cases))
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        let selected = try Self.matching(loaded, filter: filter)
        // The reports' files are refused before any rendering (a device, a FIFO, a link); a folder
        // that does not exist yet is made when the reports are written.
        let html = URL(fileURLWithPath: report)
        for path in [report, html.deletingPathExtension().appendingPathExtension("json").path] + (junit.map { [$0] } ?? [])
        where FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) {
            var file = OutputFile(path: path, overwrite: true, inputPaths: [])
            file.offersStandardOutput = false
            try file.check()
        }
        let engine = try CLIEngine.make(self.engine, style: nil)
        let artifacts = html.deletingLastPathComponent().appendingPathComponent(html.deletingPathExtension().lastPathComponent + "-files")
        var runner = RegressionRunner(record: record, jobs: jobs, artifacts: artifacts, makeEngine: { engine })
        runner.platform = platform
        let clock = ContinuousClock(), start = clock.now
        var results: [CaseResult] = []
        do {
            for try await result in runner.run(selected) {
                results.append(result)
                let mark = result.status == .passed ? "ok" : result.status.rawValue.uppercased()
                io.writeError("[\(results.count)/\(selected.count)] \(result.name): \(mark) — \(result.message) (\(MetricFormat.fixed(result.seconds, digits: 2)) s)")
            }
        } catch {
            throw CommandFailure(.failure, "the run was interrupted: \(error)")
        }
        let summary = RegressionReport(inklingVersion: InklingImageCreator.version, engine: engine.identifier,
                                       recordMode: record, cases: cases, results: results,
                                       seconds: Double((clock.now - start) / .milliseconds(1)) / 1000)
        do {
            try summary.write(html: html)
            if let junit { try summary.write(junit: URL(fileURLWithPath: junit)) }
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        if json { try io.print(summary.json()) }
        io.writeError("regress: \(summary.tally); report: \(report)" + (junit.map { "; JUnit: \($0)" } ?? ""))
        if results.contains(where: { $0.status == .error }) { return .usage }
        return summary.passed ? .success : .inputRejected
    }
}

extension RecordMode: ArgumentValue {}
