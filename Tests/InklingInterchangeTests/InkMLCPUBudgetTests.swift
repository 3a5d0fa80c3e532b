import Foundation
import InklingInterchange
import InklingStrokes
import XCTest

/// InkML is bounded in CPU time as well as memory: generated worst cases of its own kind
/// (attributes on one element, namespace declarations, long names, nesting, many tiny traces,
/// long numbers) are each imported or refused within a multiple of a yardstick measured in the
/// same run: the import of a plain 1 MiB document of ordinary traces, so the bound moves with
/// the machine. libxml2's time grows with the square of one element's attributes (100,000 on one
/// element took 17 s of CPU for a 1 MB body before they were counted first).
final class InkMLCPUBudgetTests: XCTestCase {
    static let mebibyte = 1 << 20

    static func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `head`, `unit` repeated until the whole is about `size` bytes, `tail`.
    static func document(_ head: String, _ unit: String, _ tail: String, size: Int = mebibyte) -> [UInt8] {
        let times = max(1, (size - head.utf8.count - tail.utf8.count) / unit.utf8.count)
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(size + 64)
        let unitBytes = Array(unit.utf8)
        for _ in 0..<times { bytes += unitBytes }
        return bytes + Array(tail.utf8)
    }

    static let ink = #"<ink xmlns="http://www.w3.org/2003/InkML">"#

    /// The hostile generators: name, document, and whether it must be refused.
    static func cases() -> [(name: String, bytes: [UInt8], refused: Bool)] {
        var numbered: [UInt8] = Array((ink + "<trace ").utf8)
        var n = 0
        while numbered.count < mebibyte { numbered += Array("a\(n)=\"1\" ".utf8); n += 1 }
        numbered += Array("/></ink>".utf8)
        var namespaces: [UInt8] = Array((ink + "<trace ").utf8)
        n = 0
        while namespaces.count < mebibyte { namespaces += Array("xmlns:p\(n)=\"urn:x:\(n)\" ".utf8); n += 1 }
        namespaces += Array(">1 2</trace></ink>".utf8)
        return [
            ("100k attributes on one element", numbered, true),
            ("namespace declarations on one element", namespaces, true),
            ("60 attributes on each of many elements", document(ink, "<trace " + (0..<60).map { "a\($0)=\"1\"" }.joined(separator: " ") + ">1 2</trace>", "</ink>"), false),
            ("a name of 1 MiB", Array((ink + "<" + String(repeating: "a", count: mebibyte) + "/></ink>").utf8), true),
            ("nesting", document(ink, "<traceGroup>", "</ink>"), true),
            ("many tiny traces", document(ink, "<trace>1 2</trace>", "</ink>"), false),
            ("one long number", Array((ink + "<trace>" + String(repeating: "1", count: mebibyte) + " 2</trace></ink>").utf8), true),
            ("comments and CDATA", document(ink, "<!-- <a b=c d=e> --><![CDATA[ x=y ]]>", "<trace>1 2</trace></ink>"), false),
        ]
    }

    func testHostileInkMLIsAnsweredWithinABoundOnCPUTime() throws {
        let plain = Self.document(Self.ink, "<trace>10 20, 30 40, 50 60, 70 80</trace>\n", "</ink>")
        let yardstick = (0..<3).map { _ in
            let start = Self.cpuTime()
            _ = try? InkMLImporter.read(plain, options: InkImportOptions())
            return Self.cpuTime() - start
        }.sorted()[1]
        var report = [String(format: "yardstick (a plain 1 MiB InkML imported, median of 3): %.1f ms", yardstick * 1000)]
        for item in Self.cases() {
            let start = Self.cpuTime()
            let result = Result { () throws(InkImportError) -> Drawing in try InkMLImporter.read(item.bytes, options: InkImportOptions()) }
            let spent = Self.cpuTime() - start
            let outcome: String
            switch result {
            case .success: outcome = "imported"
            case .failure(let error): outcome = "refused: \(error.description.prefix(140))"
            }
            report.append(String(format: "%@ (%d bytes): %.1f ms, %.1f yardsticks, %@", item.name, item.bytes.count, spent * 1000, spent / yardstick, outcome))
            if item.refused, case .success = result { XCTFail("\(item.name): imported") }
            if !item.refused, case .failure(let error) = result { XCTFail("\(item.name): \(error)") }
            XCTAssertLessThan(spent, 10 * yardstick, "\(item.name): \(spent) s of CPU, \(spent / yardstick) yardsticks")
        }
        print("hostile InkML, CPU time each:\n  " + report.joined(separator: "\n  "))
    }

    /// The attribute check names the line and keeps the rest of XML to libxml2.
    func testTooManyAttributesAreRefusedOnTheirLine() {
        let many = (0..<65).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let text = Self.ink + "\n<trace>1 2</trace>\n<trace " + many + ">1 2</trace></ink>"
        XCTAssertThrowsError(try InkMLImporter.read(Array(text.utf8), options: InkImportOptions())) { error in
            XCTAssertTrue("\(error)".contains("line 3"), "\(error)")
            XCTAssertTrue("\(error)".contains("more than 64 attributes"), "\(error)")
        }
        let quoted = Self.ink + "<trace " + (0..<10).map { "a\($0)=\"x=y=z\"" }.joined(separator: " ") + ">1 2</trace></ink>"
        XCTAssertNoThrow(try InkMLImporter.read(Array(quoted.utf8), options: InkImportOptions()), "= inside quotes is not an attribute")
    }
}
