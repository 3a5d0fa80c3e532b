import Foundation
import InklingGuidance
import XCTest
@testable import InklingStrokes

/// A packed drawing reads back equal to what was written, and hostile bytes are refused with
/// one line before anything large is allocated.
final class PackedDrawingTests: XCTestCase {
    /// Every example drawing in `Strokes/`, decoded from its JSON.
    private func examples() throws -> [(String, Drawing)] {
        let folder = JSONTestSupport.repoRoot.appendingPathComponent("Strokes")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
            .map { ($0, try StrokeJSONDecoder().decode(Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    /// A drawing that uses every part of the model: canvas, masks, transforms, every channel.
    private var everything: Drawing {
        var points: [StrokePoint] = []
        for i in 0..<5 {
            let k = Double(i)
            let location = Point2D(x: k * 10.5, y: -k)
            let size = Size2D(width: 3 + k, height: 2)
            points.append(StrokePoint(location: location, timeOffset: k * 0.01, size: size, opacity: 0.5, force: k / 4, azimuth: 1,
                                      altitude: 0.3 + k / 10, secondaryScale: 1.5, threshold: 0.25))
        }
        return Drawing(strokes: [
            Stroke(ink: Ink(.fountainPen, color: RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9)),
                   path: StrokePath(points: points, creationDate: Date(timeIntervalSince1970: 1_700_000_000.125)),
                   transform: AffineTransform2D(a: 0.5, b: 0.1, c: -0.1, d: 0.5, tx: 20, ty: 30),
                   mask: StrokeMask(polygons: [[Point2D(x: 0, y: 0), Point2D(x: 40, y: 0), Point2D(x: 40, y: 40)], []]), randomSeed: 77),
            Stroke(ink: Ink(.pencil, shape: StrokeShape(preset: .freehand, size: 12, taperEnd: 2, simulatePressure: false)),
                   path: StrokePath(points: [])),
            Stroke(ink: Ink(.marker), path: StrokePath(points: [StrokePoint(location: Point2D(x: 1, y: 2))])),
        ], canvas: Size2D(width: 800, height: 600))
    }

    func testEveryExampleAndEveryFieldReadsBackEqual() throws {
        for (name, drawing) in try examples() + [("everything", everything), ("empty", Drawing())] {
            let packed = PackedDrawing.encode(drawing)
            XCTAssertEqual(packed[4], 3, "version 3 is written")
            XCTAssertEqual(try PackedDrawing.decode(packed), drawing, name)
            // What front ends wrote before (version 2) is still read, to the same drawing.
            let older = PackedDrawing.encode(drawing, version: 2)
            XCTAssertEqual(older[4], 2)
            XCTAssertEqual(try PackedDrawing.decode(older), drawing, "\(name), version 2")
        }
        // Versions this build cannot write are clamped to those it can.
        XCTAssertEqual(PackedDrawing.encode(everything, version: 1)[4], 2)
        XCTAssertEqual(PackedDrawing.encode(everything, version: 99)[4], 3)
    }

    /// Shapes with an easing and `last` (the extension byte) read back equal, in both versions.
    func testEasingAndLastReadBackEqual() throws {
        let drawing = Drawing(strokes: [
            Stroke(ink: Ink(.pen, shape: StrokeShape(preset: .freehand, thinning: 0.6, easing: .easeOutSine, last: true)),
                   path: StrokePath(points: [StrokePoint(location: Point2D(x: 3, y: 4))])),
            Stroke(ink: Ink(.pen, shape: StrokeShape(easing: .easeInOutExpo)), path: StrokePath(points: [])),
            Stroke(ink: Ink(.pen, shape: StrokeShape(last: false)), path: StrokePath(points: [])),
        ] + StrokeEasing.allCases.map { Stroke(ink: Ink(.pen, shape: StrokeShape(easing: $0)), path: StrokePath(points: [])) })
        for version in [2, 3] {
            XCTAssertEqual(try PackedDrawing.decode(PackedDrawing.encode(drawing, version: version)), drawing, "version \(version)")
        }
    }

    /// Writes `values` as one column and reads them back.
    private func roundTrip(_ values: [Double], line: UInt = #line) throws -> (bytes: [UInt8], values: [Double]) {
        var bytes: [UInt8] = []
        PackedColumn.append(values, to: &bytes)
        var reader = PackedDrawingReader(bytes)
        var read: [Double] = []
        try reader.column(values.count, into: &read)
        XCTAssertTrue(reader.isAtEnd, "the column's bytes are all read", line: line)
        return (bytes, read)
    }

    func testColumnsKeepEveryValueBitForBit() throws {
        var random = SplitMix64(seed: 15)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let shortDecimals = (0..<500).map { _ in Double((Int(random.next() % 200_000)) - 100_000) / 100 }
        let cases: [(String, [Double])] = [
            ("pen coordinates", shortDecimals),
            ("time offsets", (0..<300).map { Double($0 * 42) / 10_000 }),
            ("multiples of 0.0042 (some not short decimals)", (0..<300).map { Double($0) * 0.0042 }),
            ("integers", (0..<100).map { Double($0 * 7 - 300) }),
            ("tenths, then a value of seven places", [0.1, 0.2, 0.3, 1.2345678, 0.5]),
            ("0.1 + 0.2 (not a short decimal)", [0.1 + 0.2, 0.3]),
            ("negative zero", [1, -0.0, 2]),
            ("float32 widened", (0..<50).map { _ in Double(Float(uniform() * 1000)) }),
            ("random doubles", (0..<200).map { _ in uniform() * 1e6 - 5e5 }),
            ("random bit patterns", (0..<200).map { _ in Double(bitPattern: random.next()) }.filter { !$0.isNaN }),
            ("subnormal and huge", [5e-324, 1e-310, 1.7e308, -1.7e308, 0]),
            ("around 2^53", [9007199254740992, -9007199254740992, 9007199254740993, 4503599627370496.5]),
            ("infinities", [.infinity, 1, -.infinity]),
            ("one value", [12.5]),
            ("none", []),
        ]
        for (name, values) in cases {
            let (bytes, read) = try roundTrip(values)
            XCTAssertEqual(read.map(\.bitPattern), values.map(\.bitPattern), name)
            XCTAssertLessThanOrEqual(bytes.count, 1 + 8 * values.count, "\(name): never larger than doubles")
        }
        // Short decimals take a byte or three a value, not eight.
        XCTAssertEqual(try roundTrip((0..<300).map { Double($0 * 42) / 10_000 }).bytes.first, 4, "scale 4 for 0.0042 steps")
        XCTAssertLessThan(try roundTrip(shortDecimals).bytes.count, 4 * shortDecimals.count)
        XCTAssertEqual(try roundTrip([1, -0.0, 2]).bytes.first, PackedColumn.doubles, "-0 has no exact integer form")
    }

    func testPenInputPacksSmall() throws {
        let (_, house) = try XCTUnwrap(try examples().first { $0.0 == "tablet-pen-house.json" })
        let packed = PackedDrawing.encode(house)
        let older = PackedDrawing.encode(house, version: 2)
        XCTAssertLessThan(packed.count * 3, older.count, "\(packed.count) bytes in version 3 against \(older.count) in version 2")
    }

    func testHostileColumnsAreRefused() throws {
        func refused(_ column: [UInt8], count: Int, _ expected: String, line: UInt = #line) {
            var reader = PackedDrawingReader(column)
            var values: [Double] = []
            XCTAssertThrowsError(try reader.column(count, into: &values), line: line) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)", line: line)
                XCTAssertFalse("\(error)".contains("\n"), line: line)
            }
        }
        refused([16, 0], count: 1, "unknown column scale 16")
        refused([0xFE, 0], count: 1, "unknown column scale")
        refused([2, 0x80], count: 1, "ends early inside a number")
        refused([2, 0, 0], count: 3, "ends early")
        refused([0] + [UInt8](repeating: 0xFF, count: 9) + [0x02], count: 1, "longer than 64 bits")
        refused([0] + [UInt8](repeating: 0x80, count: 10) + [0x01], count: 1, "longer than 64 bits")
        // 2^53 + 1 as one zigzag number, and two steps of 2^52 + 2^52 + 2.
        var beyond: [UInt8] = [0]
        PackedColumn.appendVarint(PackedColumn.zigzag((1 << 53) + 1), to: &beyond)
        refused(beyond, count: 1, "beyond 2^53")
        var steps: [UInt8] = [0]
        PackedColumn.appendVarint(PackedColumn.zigzag(1 << 52), to: &steps)
        PackedColumn.appendVarint(PackedColumn.zigzag((1 << 52) + 2), to: &steps)
        refused(steps, count: 2, "beyond 2^53")
        // The most negative step, which would overflow when added.
        var overflow: [UInt8] = [0]
        PackedColumn.appendVarint(PackedColumn.zigzag(-(1 << 53)), to: &overflow)
        PackedColumn.appendVarint(PackedColumn.zigzag(Int64.min), to: &overflow)
        refused(overflow, count: 2, "beyond 2^53")
    }

    func testChannelsThatDoNotVaryAreWrittenOnce() throws {
        let (_, house) = try XCTUnwrap(try examples().first { $0.0 == "tablet-pen-house.json" } ?? examples().first)
        let packed = PackedDrawing.encode(house)
        let canonical = StrokeJSONEncoder(layout: .columnar).encode(house)
        // Opacity, secondary scale and threshold do not vary in it: written once per stroke.
        XCTAssertLessThan(packed.count, house.pointCount * 8 * 8 + house.strokes.count * 200, "constant channels are not repeated per point")
        XCTAssertLessThan(packed.count, canonical.count * 2, "\(packed.count) packed bytes against \(canonical.count) of JSON")
    }

    func testEveryTruncationAndEveryTrailingByteIsRefused() throws {
        let packed = PackedDrawing.encode(everything)
        for length in 0..<packed.count {
            XCTAssertThrowsError(try PackedDrawing.decode(Array(packed.prefix(length))), "\(length) bytes") { error in
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
        XCTAssertThrowsError(try PackedDrawing.decode(packed + [0])) { error in
            XCTAssertTrue("\(error)".contains("1 bytes after the drawing"), "\(error)")
        }
    }

    func testHostileCountsAndValuesAreRefusedBeforeAllocating() throws {
        func refused(_ bytes: [UInt8], _ expected: String, limits: StrokeJSONDecoder.Limits = .default, line: UInt = #line) {
            XCTAssertThrowsError(try PackedDrawing.decode(bytes, limits: limits), line: line) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)", line: line)
            }
        }
        let header: [UInt8] = Array("INKP".utf8) + [3, 0]
        refused(Array("INKQ".utf8) + [3, 0, 0, 0, 0, 0], "not a packed drawing")
        refused(Array("INKP".utf8) + [1, 0, 0, 0, 0, 0], "not a packed drawing")
        refused(Array("INKP".utf8) + [4, 0, 0, 0, 0, 0], "not a packed drawing")
        refused(Array("INKP".utf8) + [3, 7, 0, 0, 0, 0], "unknown flags")
        // Four billion strokes in a few bytes: refused on the count, nothing reserved.
        refused(header + [0xFF, 0xFF, 0xFF, 0xFF], "more than the limit")
        refused(header + [0x10, 0x27, 0, 0], "cannot fit")
        var few = StrokeJSONDecoder.Limits.default
        few.maxStrokes = 2
        refused(PackedDrawing.encode(everything), "3 strokes, more than the limit of 2", limits: few)
        few = .default
        few.maxTotalPoints = 6
        refused(PackedDrawing.encode(everything), "points and vertices in all", limits: few)
        few = .default
        few.maxBytes = 10
        refused(PackedDrawing.encode(everything), "more than the limit of 10", limits: few)
        // A point count the bytes left cannot hold (x and y take a byte a point at least; 16
        // bytes in version 2).
        let single = Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(points: [StrokePoint(location: Point2D(x: 1, y: 1))]))])
        var one = PackedDrawing.encode(single)
        // Count, channel flags, x and y (a scale byte and a one-byte number each), nine constants.
        let countAt = one.count - 9 * 8 - 2 * 2 - 2 - 4
        XCTAssertEqual(Array(one[countAt..<countAt + 4]), [1, 0, 0, 0])
        one.replaceSubrange(countAt..<countAt + 4, with: [0xA0, 0x86, 0x01, 0])  // 100,000 points
        refused(one, "cannot fit")
        var oneOlder = PackedDrawing.encode(single, version: 2)
        let olderCountAt = oneOlder.count - 11 * 8 - 2 - 4
        oneOlder.replaceSubrange(olderCountAt..<olderCountAt + 4, with: [0x10, 0x27, 0, 0])  // 10,000 points
        refused(oneOlder, "cannot fit")
        // Numbers the stroke JSON decoder refuses are refused here too.
        var nan = everything
        nan.strokes[0].path.points[1].force = .nan
        refused(PackedDrawing.encode(nan), "stroke 0, point 1: force")
        var far = everything
        far.strokes[2].path.points[0].location.x = 1e300
        refused(PackedDrawing.encode(far), "stroke 2, point 0")
        var unknownInk = PackedDrawing.encode(Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(points: []))]))
        unknownInk[12] = UInt8(ascii: "x")  // "pen" → "pxn"
        refused(unknownInk, "unknown ink type 'pxn'")
        // Shape bits no writer sets, and a shape field outside its range.
        var shapeBits = unknownInk
        shapeBits[12] = UInt8(ascii: "e")
        let bitsAt = 5 + 1 + 4 + 1 + 3 + 32
        shapeBits[bitsAt + 1] = 3 << 0 | 0b11
        refused(shapeBits, "unknown shape bits")
        var thin = Drawing(strokes: [Stroke(ink: Ink(.pen, shape: StrokeShape(thinning: 0.5)), path: StrokePath(points: []))])
        var thinBytes = PackedDrawing.encode(thin)
        let thinningAt = bitsAt + 2
        thinBytes.replaceSubrange(thinningAt..<thinningAt + 8, with: withUnsafeBytes(of: (3.0).bitPattern.littleEndian, Array.init))
        refused(thinBytes, "shape thinning: expected a number -1…1")
        thin.strokes[0].ink.shape = StrokeShape(preset: .ink)
        XCTAssertEqual(try PackedDrawing.decode(PackedDrawing.encode(thin)), thin)
        // Easing and last take a byte after the shape bits (bit 10), only when set.
        XCTAssertEqual(PackedDrawing.encode(thin).count + 1,
                       PackedDrawing.encode(Drawing(strokes: [Stroke(ink: Ink(.pen, shape: StrokeShape(preset: .ink, last: true)), path: StrokePath(points: []))])).count)
        var eased = PackedDrawing.encode(Drawing(strokes: [Stroke(ink: Ink(.pen, shape: StrokeShape(easing: .linear)), path: StrokePath(points: []))]))
        XCTAssertEqual(eased[bitsAt + 1], 1 << 2, "bit 10")
        XCTAssertEqual(eased[bitsAt + 2], 1, "linear, the first easing")
        for damage: UInt8 in [0, 31, 1 << 6 | 1, 1 << 7 | 1] {
            eased[bitsAt + 2] = damage
            refused(eased, "unknown shape extension bits")
        }
    }

    func testRandomDamageNeverCrashes() {
        var generator = SystemRandomNumberGenerator()
        let packed = PackedDrawing.encode(everything)
        for _ in 0..<2000 {
            var damaged = packed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? PackedDrawing.decode(damaged)
        }
    }
}
