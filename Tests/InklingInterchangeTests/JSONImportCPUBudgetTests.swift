import Foundation
import InklingInterchange
import InklingStrokes
import XCTest

/// The JSON ink formats bounded in CPU time: generated worst cases of each format's own kind
/// (many tiny strokes, long numbers, deep nesting, long keys) are imported or refused within a
/// multiple of a yardstick measured in the same run, the import of a plain 1 MiB canonical
/// drawing, so the bound moves with the machine.
final class JSONImportCPUBudgetTests: XCTestCase {
    static let mebibyte = 1 << 20

    static func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `head`, `unit` repeated with `separator` until about 1 MiB, `tail`.
    static func document(_ head: String, _ unit: String, _ tail: String, separator: String = ",") -> [UInt8] {
        let times = max(1, (mebibyte - head.utf8.count - tail.utf8.count) / (unit.utf8.count + separator.utf8.count))
        return Array((head + Array(repeating: unit, count: times).joined(separator: separator) + tail).utf8)
    }

    static let canonicalHead = #"{"format":"inkling.drawing","version":1,"strokes":["#

    static func cases() -> [(name: String, format: InkFormat, bytes: [UInt8])] {
        let longNumber = String(repeating: "1", count: 300_000)
        return [
            ("canonical: many one-point strokes", .canonical, document(canonicalHead, #"{"points":[{"x":1,"y":2}]}"#, "]}")),
            ("canonical: a 300k-digit number", .canonical, Array((canonicalHead + #"{"points":[{"x":"# + longNumber + #","y":2}]}]}"#).utf8)),
            ("canonical: deep nesting", .canonical, Array((String(repeating: "[", count: 500_000) + String(repeating: "]", count: 500_000)).utf8)),
            ("canonical: long keys", .canonical, document(#"{"format":"inkling.drawing","version":1,"#, "\"" + String(repeating: "k", count: 1000) + "\":1", #","strokes":[]}"#)),
            ("pointer-events: many one-point strokes", .pointerEvents,
             document("[", #"{"type":"pointerdown","pointerId":1,"x":1,"y":2},{"type":"pointerup","pointerId":1,"x":1,"y":2}"#, "]")),
            ("quickdraw: many tiny strokes", .quickdraw, document(#"{"word":"cat","drawing":["#, "[[1],[2]]", "]}\n")),
            ("excalidraw: many one-point elements", .excalidraw,
             document(#"{"type":"excalidraw","elements":["#, #"{"type":"freedraw","x":0,"y":0,"points":[[1,2]]}"#, "]}")),
            ("tldraw: many segments", .tldraw,
             document(#"{"tldrawFileFormatVersion":1,"records":[{"typeName":"shape","id":"shape:a","type":"draw","props":{"segments":["#,
                      #"{"points":[{"x":1,"y":2,"z":0.5}]}"#, "]}}]}")),
            ("freehand: one long stroke", .freehand, document("[", "[1,2,0.5]", "]")),
        ]
    }

    func testHostileJSONInkIsAnsweredWithinABoundOnCPUTime() {
        let plain = Self.document(Self.canonicalHead + #"{"points":["#, #"{"x":10.5,"y":20.25,"force":0.5}"#, "]}]}")
        let yardstick = (0..<3).map { _ in
            let start = Self.cpuTime()
            _ = try? InkReader.read(plain, format: .canonical)
            return Self.cpuTime() - start
        }.sorted()[1]
        var report = [String(format: "yardstick (a plain 1 MiB canonical drawing, median of 3): %.1f ms", yardstick * 1000)]
        for item in Self.cases() {
            let start = Self.cpuTime()
            let outcome: String
            do {
                let drawing = try InkReader.read(item.bytes, format: item.format)
                outcome = "imported \(drawing.strokes.count) strokes"
            } catch {
                outcome = "refused: \(error.description.prefix(120))"
            }
            let spent = Self.cpuTime() - start
            report.append(String(format: "%@ (%d bytes): %.1f ms, %.1f yardsticks, %@", item.name, item.bytes.count, spent * 1000, spent / yardstick, outcome))
            XCTAssertLessThan(spent, 10 * yardstick, "\(item.name): \(spent) s of CPU, \(spent / yardstick) yardsticks")
        }
        print("hostile JSON ink, CPU time each:\n  " + report.joined(separator: "\n  "))
    }
}
