import Foundation
import InklingBase
import InklingConditioning
import XCTest

/// Every generation option has one name, default and range (GenerationOptionsCodec): what
/// `inkling help render`, `openapi.json` and the docs show is derived from it here, and any
/// drift fails.
final class OptionDefaultsDriftTests: XCTestCase {
    private let fields = GenerationOptionsCodec.fields

    func testHelpShowsEachOptionWithTheCodecsDefault() async {
        let (status, io) = await inkling("help", "render")
        XCTAssertEqual(status, 0)
        let lines = io.stdout.split(separator: "\n").map(String.init)
        for field in fields {
            if field.kind == .bool {
                XCTAssertTrue(lines.contains { $0.contains("--no-\(field.flag) ") }, "--no-\(field.flag) is missing from help")
                continue
            }
            guard let line = lines.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--\(field.flag) ") }) else {
                XCTFail("--\(field.flag) is missing from help")
                continue
            }
            XCTAssertTrue(line.hasSuffix("(default: \(field.defaultText))"), "help shows --\(field.flag) as: \(line)")
        }
    }

    func testOpenAPIHasEachOptionWithTheCodecsDefaultAndRange() throws {
        let text = try String(contentsOfFile: repoPath("Sources/InklingServer/Web/openapi.json"), encoding: .utf8)
        let document = try JSONValue.parse(Array(text.utf8))
        guard case .object(let properties)? = document["components"]?["schemas"]?["GenerationRequest"]?["properties"]?["options"]?["properties"] else {
            return XCTFail("openapi.json has no GenerationRequest.options.properties")
        }
        XCTAssertEqual(Set(properties.keys), GenerationOptionsCodec.keys, "openapi.json's options are the codec's")
        for field in fields {
            let schema = properties[field.key]
            let shown = schema?["default"]
            if let expected = field.defaultJSON {
                XCTAssertEqual(shown?.text, try JSONValue.parse(Array(expected.utf8)).text, "openapi.json's default of \(field.key)")
            } else {
                XCTAssertNil(shown, "\(field.key) has no value default (\(field.defaultText)), so openapi.json shows none")
            }
            switch field.kind {
            case .number(let range):
                XCTAssertEqual(schema?["minimum"]?.double, range.lowerBound, "\(field.key) minimum")
                XCTAssertEqual(schema?["maximum"]?.double, range.upperBound, "\(field.key) maximum")
            case .integer(let range):
                XCTAssertEqual(schema?["minimum"]?.double, Double(range.lowerBound), "\(field.key) minimum")
                XCTAssertEqual(schema?["maximum"]?.double, Double(range.upperBound), "\(field.key) maximum")
            default:
                break
            }
        }
    }

    func testTheDocsShowEachOptionWithTheCodecsDefault() throws {
        let cli = try String(contentsOfFile: repoPath("docs/cli.md"), encoding: .utf8)
        for field in fields where field.kind != .bool {
            guard let cell = Self.defaultCell(in: Self.section(cli, "## `inkling render"), naming: "`--\(field.flag)") else { XCTFail("docs/cli.md has no row for --\(field.flag)"); continue }
            XCTAssertTrue(Self.items(cell).contains(field.defaultText), "docs/cli.md shows --\(field.flag)'s default as '\(cell)', not '\(field.defaultText)'")
        }
        let cases = try String(contentsOfFile: repoPath("docs/regression.md"), encoding: .utf8)
        for field in fields {
            guard let cell = Self.defaultCell(in: cases, naming: "`\(field.key)`") else { XCTFail("docs/regression.md has no row for \(field.key)"); continue }
            let expected = field.defaultJSON.map { $0.replacingOccurrences(of: "\"", with: "") } ?? field.defaultText
            XCTAssertTrue(Self.items(cell).contains(expected), "docs/regression.md shows \(field.key)'s default as '\(cell)', not '\(expected)'")
        }
    }

    /// The part of `markdown` from the heading that starts with `heading` to the next one of its level.
    private static func section(_ markdown: String, _ heading: String) -> String {
        guard let start = markdown.range(of: "\n" + heading) else { return "" }
        let rest = markdown[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The second cell of the first table row whose first cell holds `name`.
    private static func defaultCell(in markdown: String, naming name: String) -> String? {
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, cells[1].contains(name) else { continue }
            return cells[2]
        }
        return nil
    }

    /// A cell's items: the whole cell and its comma-separated parts, without backticks.
    private static func items(_ cell: String) -> [String] {
        let plain = cell.replacingOccurrences(of: "`", with: "")
        return [plain] + plain.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
