import Foundation
import InklingComparison
import InklingImageIO

/// The JUnit XML form of a regression run, as CI systems read test results (Jenkins, GitLab,
/// GitHub Actions reporters): one `<testsuite>` of one `<testcase>` per case.
///
/// A failed case carries a `<failure>` (its message in the attribute, each variation's failures
/// and recipe changes in the text); a case that could not be run an `<error>`; a recorded case
/// passes, with what was recorded in `<system-out>`. Times are seconds with three decimals.
/// Every text is escaped for XML, and characters XML 1.0 cannot hold are replaced.
enum ReportJUnit {
    /// The document for `report`; `timestamp` is when the run finished.
    static func document(for report: RegressionReport, timestamp: Date = Date()) -> String {
        let failures = report.count(.failed), errors = report.count(.error)
        let time = seconds(report.seconds)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="inkling regress" tests="\#(report.results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(time)">"# + "\n"
        xml += #"  <testsuite name="\#(escape(report.cases))" tests="\#(report.results.count)" failures="\#(failures)" errors="\#(errors)" skipped="0" time="\#(time)" timestamp="\#(iso8601(timestamp))" package="inkling.regress">"# + "\n"
        xml += "    <properties>\n"
        for (name, value) in [("inklingVersion", report.inklingVersion), ("engine", report.engine), ("recordMode", report.recordMode.rawValue)] {
            xml += #"      <property name="\#(name)" value="\#(escape(value))"/>"# + "\n"
        }
        xml += "    </properties>\n"
        for result in report.results.sorted(by: { $0.name < $1.name }) {
            let head = #"    <testcase classname="regress.\#(escape(report.engine))" name="\#(escape(result.name))" time="\#(seconds(result.seconds))""#
            let details = result.variations.flatMap { v in
                v.failures.map { "variation \(v.variation): \($0)" } + v.recipeChanges.map { "variation \(v.variation): recipe changed: \($0)" }
            }
            switch result.status {
            case .passed:
                xml += head + "/>\n"
            case .recorded, .rerecorded:
                xml += head + ">\n      <system-out>\(escape(result.status.rawValue + ": " + result.message))</system-out>\n    </testcase>\n"
            case .failed:
                xml += head + ">\n      <failure type=\"mismatch\" message=\"\(escape(result.message))\">\(escape(details.joined(separator: "\n")))</failure>\n    </testcase>\n"
            case .error:
                xml += head + ">\n      <error type=\"error\" message=\"\(escape(result.message))\">\(escape(result.message))</error>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Text as XML or HTML character data or an attribute value (the reports' one escaping rule):
    /// markup and both quotes escaped, tab, line feed and carriage return as character
    /// references (kept in attributes), and characters XML 1.0 forbids (other controls)
    /// replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            default:
                let v = scalar.value
                out.unicodeScalars.append(v < 0x20 || v == 0xFFFE || v == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    private static func seconds(_ value: Double) -> String {
        MetricFormat.fixed(value.isFinite ? max(0, value) : 0, digits: 3)
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "")
    }
}

extension RegressionReport {
    /// The run as JUnit XML (see ``ReportJUnit``).
    public func junit(timestamp: Date = Date()) -> String { ReportJUnit.document(for: self, timestamp: timestamp) }

    /// Writes ``junit(timestamp:)`` to `url` atomically.
    ///
    /// - Throws: ``RegressionError/writeFailed(path:reason:)``.
    public func write(junit url: URL) throws(RegressionError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Array(junit().utf8), to: url)
        } catch {
            throw .writeFailed(path: url.path, reason: (error as? AtomicFileError)?.reason ?? String(describing: error))
        }
    }
}
