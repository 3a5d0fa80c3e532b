import Foundation
import InklingRegression

/// Paths and temporary suites for the regression tests.
enum RegressionFixtures {
    /// The repository root, found from this file's location.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// The suite the repository keeps: `Tests/Regression/cases`.
    static let repositorySuite = repositoryRoot.appendingPathComponent("Tests/Regression/cases")

    /// A fresh empty folder, removed at the end of the process run by the system's temp cleaning.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-regress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of the repository's suite in a temporary folder, to run destructive modes on.
    static func copyOfRepositorySuite() throws -> URL {
        let target = try temporaryFolder().appendingPathComponent("cases")
        try FileManager.default.copyItem(at: repositorySuite, to: target)
        return target
    }

    /// A small stroke JSON drawing: a diagonal and a box.
    static let drawingJSON = """
    {"format":"inkling.drawing","version":1,"canvas":{"width":64,"height":64},"strokes":[
     {"ink":{"type":"pen","color":"#000000"},"points":[{"x":8,"y":8},{"x":30,"y":30},{"x":56,"y":56}]},
     {"ink":{"type":"marker","color":"#202020"},"points":[{"x":10,"y":50},{"x":50,"y":50},{"x":50,"y":10},{"x":10,"y":10},{"x":10,"y":50}]}]}
    """

    /// Writes a case folder `name` under `root` with `caseJSON` and the small drawing.
    @discardableResult
    static func writeCase(_ name: String, in root: URL, caseJSON: String) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(drawingJSON.utf8).write(to: folder.appendingPathComponent("drawing.json"))
        try Data(caseJSON.utf8).write(to: folder.appendingPathComponent("case.json"))
        return folder
    }

    /// Runs `cases` to completion and returns the results by name.
    static func run(_ runner: RegressionRunner, _ cases: [RegressionCase]) async throws -> [String: CaseResult] {
        var results: [String: CaseResult] = [:]
        for try await result in runner.run(cases) { results[result.name] = result }
        return results
    }
}

extension RegressionFixtures {
    /// ``writeCase(_:in:caseJSON:)`` for tests that only read cases (a failure to write is a test bug).
    static func writeCaseQuietly(_ name: String, in root: URL, caseJSON: String) {
        do {
            try writeCase(name, in: root, caseJSON: caseJSON)
        } catch {
            fatalError("cannot write the test case \(name): \(error)")
        }
    }
}
