import Foundation
import InklingGuidance
import InklingInterchange
import InklingStrokes
import XCTest

/// ``FreehandOutline`` against perfect-freehand's own test snapshots: for every input of its
/// test suite, the outline `getStroke(input)` gave with default options (the numbers are facts
/// taken from its repository, see `Freehand/perfect-freehand-default-outlines.json`).
final class FreehandOutlineTests: XCTestCase {
    private struct Case {
        var input: [FreehandOutline.Input]
        var outline: [Point2D]
    }

    private func cases() throws -> [(String, Case)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Freehand/perfect-freehand-default-outlines.json")
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let cases = try XCTUnwrap(root["cases"] as? [String: [String: [[Double]]]])
        return cases.keys.sorted().map { name in
            let c = cases[name]!
            let input = c["input"]!.map { FreehandOutline.Input(x: $0[0], y: $0[1], pressure: $0.count > 2 ? $0[2] : nil) }
            return (name, Case(input: input, outline: c["outline"]!.map { Point2D(x: $0[0], y: $0[1]) }))
        }
    }

    func testDefaultOutlinesMatchPerfectFreehandsSnapshots() throws {
        var report: [String] = []
        for (name, expected) in try cases() {
            let actual = FreehandOutline.outline(expected.input)
            let iou = Self.intersectionOverUnion(actual, expected.outline)
            report.append("\(name) \(String(format: "%.4f", iou))")
            XCTAssertGreaterThanOrEqual(iou, 0.9, "\(name): IoU \(iou)")
            // The same algorithm: the same points, but for floating-point rounding.
            XCTAssertEqual(actual.count, expected.outline.count, name)
            let worst = zip(actual, expected.outline).map { $0.distance(to: $1) }.max() ?? 0
            XCTAssertLessThan(worst, 1e-6, "\(name): a point is \(worst) away")
        }
        print("freehand outline IoU against perfect-freehand: " + report.joined(separator: ", "))
    }

    /// The `freehand` preset as a user meets it: each test input written as a perfect-freehand
    /// array, read by the importer (which gives it the preset) and outlined by ``StrokeOutliner``
    /// as guidance maps and SVG draw it.
    func testImportedFreehandStrokesDrawPerfectFreehandsOutlines() throws {
        var report: [String] = []
        for (name, expected) in try cases() {
            // As the test suite gives them: [x, y] pairs where it has no pressure.
            let array = "[" + expected.input.map { p in "[\(p.x),\(p.y)\(p.pressure.map { ",\($0)" } ?? "")]" }.joined(separator: ",") + "]"
            let drawing = try InkReader.read(Array(array.utf8), format: .freehand)
            XCTAssertEqual(drawing.strokes.first?.ink.shape, .freehand, name)
            let polygons = StrokeOutliner(spacing: 0.5).outline(for: try XCTUnwrap(drawing.strokes.first, name))
            XCTAssertEqual(polygons.count, 1, name)
            let iou = Self.intersectionOverUnion(polygons.first ?? [], expected.outline)
            report.append("\(name) \(String(format: "%.4f", iou))")
            XCTAssertGreaterThanOrEqual(iou, 0.9, "\(name): IoU \(iou)")
        }
        print("freehand preset (importer + StrokeOutliner) IoU against perfect-freehand: " + report.joined(separator: ", "))
    }

    /// Settings given on import replace the preset's, and the ink's own shape stays the default.
    func testShapeSettingsReachTheOutline() throws {
        let array = Array("[[0,0,0.5],[40,0,0.5],[80,0,0.5],[120,0,0.5]]".utf8)
        func width(_ shape: StrokeShape?) throws -> Double {
            let drawing = try InkReader.read(array, format: .freehand, options: InkImportOptions(shape: shape))
            let polygon = StrokeOutliner().outline(for: drawing.strokes[0]).joined()
            return (polygon.map(\.y).max() ?? 0) - (polygon.map(\.y).min() ?? 0)
        }
        let preset = try width(nil), thin = try width(StrokeShape(size: 4)), ink = try width(StrokeShape(preset: .ink, size: 4))
        XCTAssertGreaterThan(preset, 10, "size 16 by default")
        XCTAssertTrue((1...6).contains(thin), "size 4: \(thin)")
        XCTAssertTrue((1...8).contains(ink), "Inkling's pen at size 4: \(ink)")
    }

    func testEmptyAndDegenerateInputs() {
        XCTAssertEqual(FreehandOutline.outline([]), [])
        var o = FreehandOutline.Options()
        o.size = 0
        XCTAssertEqual(FreehandOutline.outline([.init(x: 1, y: 2)], options: o), [])
        // A single point gets a neighbour one unit away and two caps; two equal points are a dot.
        XCTAssertEqual(FreehandOutline.outline([.init(x: 10, y: 10)]).count, 44)
        let dot = FreehandOutline.outline([.init(x: 10, y: 10), .init(x: 10, y: 10)])
        XCTAssertEqual(dot.count, 13, "two equal points are a dot of 13 points")
        XCTAssertTrue(dot.allSatisfy { abs($0.distance(to: Point2D(x: 10, y: 10)) - dot[0].distance(to: Point2D(x: 10, y: 10))) < 1e-9 })
    }

    /// IoU of two closed polygons filled with the nonzero rule, sampled on a 600 × 600 grid over
    /// their joint bounds (scanlines through cell centres).
    static func intersectionOverUnion(_ a: [Point2D], _ b: [Point2D]) -> Double {
        let all = a + b
        guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(), let minY = all.map(\.y).min(), let maxY = all.map(\.y).max() else { return 0 }
        let n = 600
        let cell = max(maxX - minX, maxY - minY) / Double(n - 2)
        func fill(_ polygon: [Point2D]) -> [Bool] {
            var inside = [Bool](repeating: false, count: n * n)
            guard polygon.count > 2 else { return inside }
            for row in 0..<n {
                let y = minY - cell + (Double(row) + 0.5) * cell
                var crossings: [(x: Double, winding: Int)] = []
                for i in polygon.indices {
                    let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                    guard (p.y <= y) != (q.y <= y) else { continue }
                    crossings.append((p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x), q.y > p.y ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for k in crossings.indices.dropLast() {
                    winding += crossings[k].winding
                    guard winding != 0 else { continue }
                    let from = Int(((crossings[k].x - (minX - cell)) / cell - 0.5).rounded(.up))
                    let to = Int(((crossings[k + 1].x - (minX - cell)) / cell - 0.5).rounded(.down))
                    if from <= to { for c in max(0, from)...min(n - 1, to) { inside[row * n + c] = true } }
                }
            }
            return inside
        }
        let fa = fill(a), fb = fill(b)
        var both = 0, either = 0
        for i in fa.indices {
            if fa[i] && fb[i] { both += 1 }
            if fa[i] || fb[i] { either += 1 }
        }
        return either == 0 ? 1 : Double(both) / Double(either)
    }
}
