import Foundation
import InklingBase
import InklingImageIO

/// The outcome of a whole regression run, for people (HTML) and machines (JSON).
public struct RegressionReport: Sendable, Hashable, Codable {
    /// The Inkling release that ran it.
    public var inklingVersion: String
    /// The engine that rendered.
    public var engine: String
    /// The record mode.
    public var recordMode: RecordMode
    /// Where the cases came from.
    public var cases: String
    /// Every case, by name.
    public var results: [CaseResult]
    /// Seconds the whole run took.
    public var seconds: Double

    /// Creates a report; results are sorted by name.
    public init(inklingVersion: String, engine: String, recordMode: RecordMode, cases: String, results: [CaseResult], seconds: Double) {
        self.inklingVersion = inklingVersion
        self.engine = engine
        self.recordMode = recordMode
        self.cases = cases
        self.results = results.sorted { $0.name < $1.name }
        self.seconds = seconds
    }

    /// How many cases ended with `status`.
    public func count(_ status: CaseStatus) -> Int { results.filter { $0.status == status }.count }

    /// Whether no case failed or errored.
    public var passed: Bool { !results.contains { $0.status.isFailure } }

    /// "12 passed, 1 failed, 2 recorded" (statuses that occurred, in a fixed order).
    public var tally: String {
        let order: [CaseStatus] = [.passed, .failed, .error, .recorded, .rerecorded]
        let parts = order.compactMap { s -> String? in
            let n = count(s)
            if n == 0 && s != .passed && s != .failed { return nil }
            return "\(n) \(s == .error ? "errors" : s.rawValue)"
        }
        return parts.joined(separator: ", ")
    }

    /// Pretty, key-sorted JSON (``jsonValue`` written by ``JSONWriter``).
    public func json() -> String {
        var writer = JSONWriter(pretty: true)
        writer.value(jsonValue)
        return writer.text
    }

    /// Writes the HTML report to `html` and the JSON beside it (same name, `.json`), atomically.
    ///
    /// - Throws: ``RegressionError/writeFailed(path:reason:)``.
    public func write(html: URL) throws(RegressionError) {
        let json = html.deletingPathExtension().appendingPathExtension("json")
        for (url, text) in [(html, ReportHTML.page(for: self)), (json, self.json() + "\n")] {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Array(text.utf8), to: url)
            } catch {
                throw .writeFailed(path: url.path, reason: (error as? AtomicFileError)?.reason ?? String(describing: error))
            }
        }
    }
}
