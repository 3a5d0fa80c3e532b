import Foundation
import InklingBase
import InklingGuidance
import XCTest
@testable import InklingStrokes

/// The decoder's second way of reading the objects layout, long `points` arrays parsed in runs
/// (``JSONArrayCuts``, ``StrokeJSONDecoder/decodeInRuns(_:)``), held to the same answers as the
/// whole tree on every example, every hostile file and thousands of mutations of them.
final class PointRunsTests: XCTestCase {
    private let whole: StrokeJSONDecoder = {
        var decoder = StrokeJSONDecoder()
        decoder.pointCutting = nil
        return decoder
    }()

    /// A decoder that cuts every points array after every `runLength` points.
    private func cutting(_ runLength: Int, minimum: Int = 1) -> StrokeJSONDecoder {
        var decoder = StrokeJSONDecoder()
        decoder.pointCutting = .init(runLength: runLength, minimumCount: minimum)
        return decoder
    }

    private func answer(_ decoder: StrokeJSONDecoder, _ bytes: [UInt8]) -> Result<Drawing, StrokeJSONError> {
        Result { () throws(StrokeJSONError) in try decoder.decode(bytes) }
    }

    private func runs(_ decoder: StrokeJSONDecoder, _ bytes: [UInt8]) -> Drawing? {
        bytes.withUnsafeBytes { decoder.decodeInRuns($0) }
    }

    /// Every file of `Strokes/` (hostile ones included) and its objects-layout re-encodings.
    private func documents() throws -> [(String, [UInt8])] {
        var documents: [(String, [UInt8])] = []
        let root = JSONTestSupport.repoRoot.appendingPathComponent("Strokes")
        for folder in [root, root.appendingPathComponent("hostile")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
                let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
                documents.append((name, bytes))
                if let drawing = try? whole.decode(bytes) {
                    documents.append((name + " (objects)", StrokeJSONEncoder(layout: .objects).encode(drawing)))
                    documents.append((name + " (pretty)", StrokeJSONEncoder(layout: .objects, prettyPrinted: true).encode(drawing)))
                }
            }
        }
        return documents
    }

    func testRunsReadWhatTheWholeTreeReads() throws {
        var readInRuns = 0
        for (name, bytes) in try documents() {
            let expected = answer(whole, bytes)
            for runLength in [1, 2, 3, 7, 64] {
                let decoder = cutting(runLength)
                XCTAssertEqual(answer(decoder, bytes), expected, "\(name), runs of \(runLength)")
                let drawing = runs(decoder, bytes)
                if case .success(let wanted) = expected, drawing != nil {
                    XCTAssertEqual(drawing, wanted, "\(name), runs of \(runLength)")
                    readInRuns += 1
                } else if case .failure = expected {
                    XCTAssertNil(drawing, "\(name): runs accepted what the whole tree refuses")
                }
            }
        }
        // Not a vacuous pass: most valid examples were read in runs, not by the fallback.
        XCTAssertGreaterThan(readInRuns, 40)
    }

    func testLongDrawingsAreReadInRunsByDefaultAndShortOnesWhole() throws {
        let strokes = JSONTestSupport.repoRoot.appendingPathComponent("Strokes")
        let long = try [UInt8](Data(contentsOf: strokes.appendingPathComponent("calligraphy-long.json")))
        XCTAssertGreaterThanOrEqual(long.count, StrokeJSONDecoder.PointCutting.default.minimumBytes)
        let drawing = try XCTUnwrap(runs(StrokeJSONDecoder(), long), "the default decoder fell back to the whole tree")
        XCTAssertEqual(drawing, try whole.decode(long))
        let short = try [UInt8](Data(contentsOf: strokes.appendingPathComponent("tablet-pen-house.json")))
        XCTAssertLessThan(short.count, StrokeJSONDecoder.PointCutting.default.minimumBytes)
        XCTAssertNil(runs(StrokeJSONDecoder(), short))
        XCTAssertNotNil(runs(cutting(64, minimum: 128), short))
    }

    /// Nesting limits near a drawing's own depth (6) are held the same way by both readings,
    /// including nesting inside a point that only a run would see.
    func testNestingLimitsAreTheSameInRuns() throws {
        let point = #"{"x":1,"y":2,"timeOffset":0}"#
        let deep = #"{"x":1,"y":2,"timeOffset":0,"extra":[[[1]]]}"#
        for last in [point, deep] {
            let points = Array(repeating: point, count: 9).joined(separator: ",") + "," + last
            let bytes = JSONTestSupport.document(points: "[\(points)]")
            for depth in 1...10 {
                var limits = StrokeJSONDecoder.Limits()
                limits.maxDepth = depth
                var inRuns = cutting(2), oneTree = whole
                inRuns.limits = limits
                oneTree.limits = limits
                let expected = answer(oneTree, bytes)
                XCTAssertEqual(answer(inRuns, bytes), expected, "maxDepth \(depth)")
                if case .success = expected { XCTAssertNotNil(runs(inRuns, bytes), "maxDepth \(depth): fell back") }
            }
        }
    }

    /// Byte mutations of valid documents, read both ways: the same drawing or the same error.
    func testMutationsGetTheSameAnswer() throws {
        let seeds = try documents().map(\.1).filter { (try? whole.decode($0)) != nil && $0.count < 60_000 }
        let tokens: [[UInt8]] = [",", "]", "[", "}", "{", "\"", "\\", ":", "0", "-1e400", "null", " ", "\"points\"",
                                 "\"strokes\"", "\"p\\u006fints\"", "{\"x\":1,\"y\":2}", "[]", ",,", "\u{0}"].map { Array($0.utf8) }
        var generator = SplitMix64(seed: 0x1F2E_3D4C)
        var differed = 0, refused = 0
        for round in 0..<2_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: tokens[Int(generator.next() % UInt64(tokens.count))], at: at)
                default: bytes[at] = tokens[Int(generator.next() % UInt64(tokens.count))].first ?? 0x20
                }
            }
            let expected = answer(whole, bytes)
            if case .failure = expected { refused += 1 }
            let got = answer(cutting(1 + Int(generator.next() % 5)), bytes)
            if got != expected {
                differed += 1
                XCTFail("round \(round): \(got) against \(expected) for \(String(decoding: bytes.prefix(300), as: UTF8.self))")
                if differed > 5 { break }
            }
        }
        XCTAssertGreaterThan(refused, 200, "the mutations should break many documents")
    }

    func testCutsFallOnTheCommasBetweenRuns() throws {
        let text = #"{"strokes":[{"points":[1, "a,]" ,[3,4],{"k":[5]},6]},{"points":[7]}],"points":[8,9,10]}"#
        let bytes = Array(text.utf8)
        let cuts = try XCTUnwrap(bytes.withUnsafeBytes {
            JSONArrayCuts.find(in: $0, outer: "strokes", inner: "points", runLength: 2, minimumCount: 2)
        })
        XCTAssertEqual(cuts.arrays.count, 1)
        let array = cuts.arrays[0]
        XCTAssertEqual(array.index, 0)
        XCTAssertEqual(array.count, 5)
        let runs = array.runs.map { String(decoding: bytes[$0], as: UTF8.self) }
        XCTAssertEqual(runs, [#"1, "a,]" "#, "[3,4],{\"k\":[5]}", "6"])
        let skeleton = bytes.withUnsafeBytes { String(decoding: cuts.skeleton(of: $0), as: UTF8.self) }
        XCTAssertEqual(skeleton, #"{"strokes":[{"points":[]},{"points":[7]}],"points":[8,9,10]}"#)
    }

    func testCuttingRefusesWhereThePiecesCouldMeanSomethingElse() {
        let refused = [
            #"{"strokes":[{"p\u006fints":[1,2,3]}]}"#,            // an escaped key json-c decodes
            #"{"str\u006fkes":[{"points":[1,2,3]}]}"#,
            #"{"strokes":[{"points":[1,2,3],"points":[4,5]}]}"#,  // json-c keeps the last
            #"{"strokes":[],"strokes":[{"points":[1,2,3]}]}"#,
            #"{"strokes":[{"points":[1,2,3}]}"#,                  // closed by the wrong bracket
            #"{"strokes":[{"points":[1,2,3]}]"#,                  // never closed
            #"{"strokes":[{"points":[1,2,3]}]}]"#,                // closed too often
        ]
        for text in refused {
            let cuts = Array(text.utf8).withUnsafeBytes {
                JSONArrayCuts.find(in: $0, outer: "strokes", inner: "points", runLength: 1, minimumCount: 1)
            }
            XCTAssertNil(cuts, text)
        }
        // Arrays elsewhere, and short ones, are left in the tree.
        let kept = #"{"strokes":[{"ink":{"points":[1,2]},"points":[1]}],"other":[{"points":[1,2,3]}]}"#
        let cuts = Array(kept.utf8).withUnsafeBytes {
            JSONArrayCuts.find(in: $0, outer: "strokes", inner: "points", runLength: 1, minimumCount: 2)
        }
        XCTAssertEqual(cuts?.arrays, [])
    }
}
