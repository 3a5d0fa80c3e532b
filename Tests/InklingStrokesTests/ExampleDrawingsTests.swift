import Foundation
import InklingStrokes
import XCTest

/// Every example drawing in `Strokes/` decodes, columnar twins match, and each shows what it claims.
final class ExampleDrawingsTests: XCTestCase {
    /// The repository root, found by walking up from this file to `Package.swift`.
    private static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    private static let strokesDirectory = repositoryRoot.appendingPathComponent("Strokes")

    /// The example documents: every `Strokes/*.json` except the JSON Schema.
    private func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.strokesDirectory.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
            .sorted()
    }

    private func decode(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Drawing {
        let data = try Data(contentsOf: Self.strokesDirectory.appendingPathComponent(name))
        do {
            return try StrokeJSONDecoder().decode(data)
        } catch {
            XCTFail("\(name): \(error)", file: file, line: line)
            throw error
        }
    }

    /// Stroke and point counts read independently with Foundation's JSON parser.
    private func foundationCounts(_ name: String) throws -> [Int] {
        let data = try Data(contentsOf: Self.strokesDirectory.appendingPathComponent(name))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strokes = try XCTUnwrap(root["strokes"] as? [[String: Any]])
        return try strokes.map { stroke in
            if let objects = stroke["points"] as? [Any] { return objects.count }
            let columns = try XCTUnwrap(stroke["points"] as? [String: [Any]])
            return try XCTUnwrap(columns["x"]).count
        }
    }

    /// The median time between consecutive points of a stroke.
    private func medianInterval(_ s: Stroke) -> Double {
        let dts = zip(s.path.points, s.path.points.dropFirst()).map { $1.timeOffset - $0.timeOffset }.sorted()
        return dts.isEmpty ? 0 : dts[dts.count / 2]
    }

    func testTheExpectedExamplesExist() throws {
        let names = Set(try exampleNames())
        for expected in ["tablet-pen-house.json", "tablet-pen-house.columnar.json", "mouse-doodle.json",
                         "touch-flower.json", "calligraphy-long.json", "calligraphy-long.columnar.json",
                         "single-tap.json", "transforms-and-masks.json", "all-inks.json"] {
            XCTAssertTrue(names.contains(expected), "Strokes/\(expected) is missing")
        }
    }

    func testEveryExampleDecodesWithTheSameCountsFoundationSees() throws {
        for name in try exampleNames() {
            let drawing = try decode(name)
            XCTAssertEqual(drawing.strokes.map(\.path.count), try foundationCounts(name), name)
            XCTAssertNotNil(drawing.canvas, "\(name) says what it was drawn on")
            XCTAssertNotNil(drawing.bounds, name)
            for (i, stroke) in drawing.strokes.enumerated() {
                var last = 0.0
                for p in stroke.path.points {
                    XCTAssertGreaterThanOrEqual(p.timeOffset, last, "\(name) strokes[\(i)]: time runs backwards")
                    last = p.timeOffset
                }
            }
        }
    }

    func testEveryExampleStaysOnItsCanvas() throws {
        for name in try exampleNames() {
            let drawing = try decode(name)
            let frame = try XCTUnwrap(drawing.frame), bounds = try XCTUnwrap(drawing.bounds)
            XCTAssertTrue(bounds.minX >= frame.minX && bounds.minY >= frame.minY
                          && bounds.maxX <= frame.maxX && bounds.maxY <= frame.maxY, "\(name): \(bounds) leaves \(frame)")
        }
    }

    func testColumnarExamplesDecodeToTheSameDrawingAsTheirObjectsTwins() throws {
        let names = try exampleNames()
        let columnar = names.filter { $0.hasSuffix(".columnar.json") }
        XCTAssertFalse(columnar.isEmpty)
        for name in columnar {
            let twin = name.replacingOccurrences(of: ".columnar.json", with: ".json")
            XCTAssertTrue(names.contains(twin), "\(name) has no objects-layout twin")
            XCTAssertEqual(try decode(name), try decode(twin), "\(name) differs from \(twin)")
        }
    }

    func testTabletPenHouseHasPressureTiltAndTabletTiming() throws {
        let d = try decode("tablet-pen-house.json")
        XCTAssertEqual(d.canvas, Size2D(width: 1024, height: 768))
        XCTAssertTrue(d.strokes.allSatisfy { $0.ink.type == .pen })
        for s in d.strokes {
            let forces = s.path.points.map(\.force)
            XCTAssertLessThan(forces.first!, forces.max()!, "pressure ramps up")
            XCTAssertLessThan(forces.last!, forces.max()!, "pressure ramps down")
            XCTAssertTrue(s.path.points.allSatisfy { $0.altitude < .pi / 2 && $0.azimuth > 0 }, "the pen is tilted")
            XCTAssertEqual(medianInterval(s), 1.0 / 120, accuracy: 0.0011, "about 120 Hz")
        }
    }

    func testMouseDoodleUsesThePointerEventsMouseConventions() throws {
        let d = try decode("mouse-doodle.json")
        for s in d.strokes {
            XCTAssertTrue([.monoline, .marker].contains(s.ink.type))
            for p in s.path.points {
                XCTAssertEqual(p.force, 0.5)
                XCTAssertEqual(p.location.x, p.location.x.rounded(), "integer coordinates")
                XCTAssertEqual(p.azimuth, StrokePoint.Defaults.azimuth)
                XCTAssertEqual(p.altitude, StrokePoint.Defaults.altitude)
                XCTAssertEqual(p.size, StrokePoint.Defaults.size)
            }
            XCTAssertEqual(medianInterval(s), 1.0 / 60, accuracy: 0.0021, "about 60 Hz")
        }
    }

    func testTouchFlowerHasWideContactsAndNoPressure() throws {
        let d = try decode("touch-flower.json")
        for p in d.strokes.flatMap(\.path.points) {
            XCTAssertTrue((20...40).contains(p.size.width) && (20...40).contains(p.size.height), "\(p.size)")
            XCTAssertEqual(p.force, StrokePoint.Defaults.force)
        }
    }

    func testCalligraphyIsLongWithFixedNibAngles() throws {
        let d = try decode("calligraphy-long.json")
        XCTAssertGreaterThan(d.pointCount, 2000)
        XCTAssertGreaterThan(d.strokes.count, 20)
        let types = Set(d.strokes.map(\.ink.type))
        XCTAssertEqual(types, [.fountainPen, .reed])
        for s in d.strokes {
            XCTAssertEqual(Set(s.path.points.map(\.azimuth)).count, 1, "one nib angle per stroke")
        }
    }

    func testSingleTapIsOnePoint() throws {
        let d = try decode("single-tap.json")
        XCTAssertEqual(d.strokes.count, 1)
        XCTAssertEqual(d.pointCount, 1)
        XCTAssertEqual(d.strokes[0].path.duration, 0)
    }

    func testTransformsAndMasksShowTheirFeatures() throws {
        let d = try decode("transforms-and-masks.json")
        XCTAssertTrue(d.strokes.allSatisfy { !$0.transform.isIdentity })
        XCTAssertTrue(d.strokes.contains { $0.transform.determinant < 0 }, "a mirrored stroke")
        XCTAssertTrue(d.strokes.contains { ($0.mask?.polygons.count ?? 0) >= 2 }, "a mask with a hole")
        XCTAssertTrue(d.strokes.contains { $0.randomSeed > UInt32(Int32.max) })
        XCTAssertTrue(Set(d.strokes.map(\.ink.type)).isSuperset(of: [.marker, .pencil, .watercolor, .crayon]))
        XCTAssertTrue(d.strokes.contains { $0.ink.color.alpha < 1 })
    }

    func testAllInksHasOneStrokePerInkTypeInOrder() throws {
        let d = try decode("all-inks.json")
        XCTAssertEqual(d.strokes.map(\.ink.type), InkType.allCases)
        // The same shape in every cell: the paths differ only by where the cell is (and tremor).
        let lengths = d.strokes.map(\.path.length)
        XCTAssertLessThan(lengths.max()! - lengths.min()!, 0.05 * lengths.min()!)
    }
}
