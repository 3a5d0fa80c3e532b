import Foundation
import InklingBase
import XCTest

/// The pre-parse nesting scan shared by the JSON importers, engine configuration, server
/// requests and regression case files.
final class JSONNestingTests: XCTestCase {
    func testCountsOnlyBracketsOutsideStrings() {
        XCTAssertNil(JSONNesting.count(in: Array(#"{"a": "[[[[[[\"[[[", "b": [1]}"#.utf8), depthLimit: 2).depthViolation)
        XCTAssertEqual(JSONNesting.count(in: Array("[[[1]]]".utf8), depthLimit: 2).depthViolation, 2)
        XCTAssertNil(JSONNesting.count(in: Array("[[1],[2],{\"k\":[3]}]".utf8), depthLimit: 3).depthViolation)
    }

    func testCountsValuesObjectsAndTheLongestArray() {
        let counts = JSONNesting.count(in: Array(#"{"a": [1, -2.5e3, true, null], "b": {"c": "x,[y]"}, "d": [[], [0]]}"#.utf8), depthLimit: 8)
        XCTAssertNil(counts.depthViolation)
        // keys a b c d (4), strings 1, numbers 3, literals 2, arrays 4, objects 2
        XCTAssertEqual(counts.values, 16)
        XCTAssertEqual(counts.objects, 2)
        XCTAssertEqual(counts.largestArray, 4)
        XCTAssertEqual(JSONNesting.count(in: Array("[[1,2,3],[4]]".utf8), depthLimit: 1).depthViolation, 1)
    }

    func testCountingStopsJustPastABudget() {
        let long = Array(("[" + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]").utf8)
        XCTAssertEqual(JSONNesting.count(in: long, depthLimit: 4).largestArray, 10_000)
        let stopped = JSONNesting.count(in: long, depthLimit: 4, maxArrayCount: 100)
        XCTAssertEqual(stopped.largestArray, 101)
        XCTAssertEqual(stopped.values, 102, "the array and its first 101 elements")
        XCTAssertEqual(JSONNesting.count(in: long, depthLimit: 4, maxValues: 50).values, 51)
    }

    func testChildrenAreTheTopLevelValuesInOrder() throws {
        let text = Array(#" {"k": [1, {"a": "]"}], "n" : -1.5e2 , "s":"x\"y"} "#.utf8)
        let ranges = try XCTUnwrap(JSONNesting.children(in: text))
        XCTAssertEqual(ranges.map { String(decoding: text[$0], as: UTF8.self) },
                       [#""k""#, #"[1, {"a": "]"}]"#, #""n""#, "-1.5e2", #""s""#, #""x\"y""#])
        XCTAssertEqual(JSONNesting.children(in: Array("[]".utf8)), [])
        XCTAssertNil(JSONNesting.children(in: Array("[1, 2".utf8)), "never closed")
        XCTAssertNil(JSONNesting.children(in: Array("[1] x".utf8)), "garbage after it")
        XCTAssertNil(JSONNesting.children(in: Array("12".utf8)), "a scalar")
    }

    func testMembersAreTheChildrenWithTheirOwnCounts() throws {
        let samples = [
            #" {"k": [1, {"a": "]"}], "n" : -1.5e2 , "s":"x\"y", "deep": [[[0, 1, 2, 3]], [4]], "o": {"p": [null, true]}} "#,
            "[[1,2,3],[4],{\"a\":[5,6]},\"t\",7,[]]",
            "[]", "{}",
        ]
        for sample in samples {
            let text = Array(sample.utf8)
            let members = try XCTUnwrap(JSONNesting.members(in: text, depthLimit: 64), sample)
            XCTAssertEqual(members.map(\.range), JSONNesting.children(in: text), sample)
            for member in members {
                let alone = JSONNesting.count(in: Array(text[member.range]), depthLimit: 64)
                XCTAssertEqual(member.counts.values, alone.values, String(decoding: text[member.range], as: UTF8.self))
                XCTAssertEqual(member.counts.objects, alone.objects)
                XCTAssertEqual(member.counts.largestArray, alone.largestArray)
            }
        }
        XCTAssertNil(JSONNesting.members(in: Array("[1, 2".utf8), depthLimit: 8), "never closed")
        XCTAssertNil(JSONNesting.members(in: Array("[1] x".utf8), depthLimit: 8), "garbage after it")
        XCTAssertNil(JSONNesting.members(in: Array("12".utf8), depthLimit: 8), "a scalar")
        XCTAssertEqual(JSONNesting.members(in: Array("[[[[1]]], 2]".utf8), depthLimit: 3)?.map(\.range), [1..<8, 10..<11],
                       "deeper than the limit: followed, not counted")
        XCTAssertNil(JSONNesting.members(in: Array("[1, 2, 3]".utf8), depthLimit: 3, maxMembers: 2), "more members than asked for")
        XCTAssertEqual(JSONNesting.members(in: Array("[1, 2, 3]".utf8), depthLimit: 3, maxMembers: 3)?.count, 3)
    }

    /// Found by fuzz-http: a member whose text ends inside a string on a backslash made the
    /// scan step one byte past the end, and the member walk read that byte. The text here ends
    /// at a page the process may not read, so a read past it crashes the test.
    func testTextEndingOnABackslashInAStringIsNotReadPastItsEnd() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
            throw XCTSkip("mmap failed")
        }
        defer { munmap(memory, 2 * page) }
        XCTAssertEqual(mprotect(memory + page, page, PROT_NONE), 0)
        for text in [#"{"a":{""#, #"{"a":{"b":"\"#, #"[{""#, #"{"a":["x"#] {
            let bytes = Array(text.utf8)
            let start = memory + page - bytes.count
            bytes.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            let buffer = UnsafeRawBufferPointer(start: start, count: bytes.count)
            XCTAssertNil(JSONNesting.members(in: buffer, depthLimit: 32), text)
            _ = JSONNesting.count(in: buffer, depthLimit: 32)
        }
    }

    /// json-c reads `1.` and `1.e5` as numbers; JSON does not, and neither does Inkling's reader.
    func testNumbersJSONDoesNotAllowAreRefused() {
        for text in ["1.", "[1.]", #"{"a": 1.}"#, "[1.e5]", "[.5]", "[1e]", "[1e+]", "[-1.]", #"{"limit": 1., "prompt": "x"}"#] {
            XCTAssertThrowsError(try JSONDocument.parse(Array(text.utf8), limits: .default), text) { error in
                XCTAssertTrue("\(error)".contains("a fraction or an exponent needs digits"), "\(text): \(error)")
            }
        }
        for text in ["[1.0]", "[1e5]", "[1E-5]", "[-0.5e+3]", "[0]", "[true, false, null]", #"{"a": "1."}"#] {
            XCTAssertNoThrow(try JSONDocument.parse(Array(text.utf8), limits: .default), text)
        }
    }
}
