import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import InklingInterchange
import InklingStrokes
import XCTest

/// The SVG exporter: structure, view box, masks, colours, determinism.
final class SVGExporterTests: XCTestCase {
    /// Element names and attributes, as a tiny XML parser sees them.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((name, attributes))
        }
    }

    private func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")", file: file, line: line)
        return collector
    }

    private func stroke(_ points: [(Double, Double)], ink: Ink = Ink(.pen), transform: AffineTransform2D = .identity, mask: StrokeMask? = nil) -> Stroke {
        Stroke(ink: ink, path: StrokePath(points: points.map { StrokePoint(location: Point2D(x: $0.0, y: $0.1), size: Size2D(width: 6, height: 6)) }), transform: transform, mask: mask)
    }

    /// A stroke whose points leap across a huge canvas would take 4096 samples a segment at
    /// unit spacing; with `maxSamples` the spacing widens and the document stays small, while a
    /// drawing within the budget is exported exactly as without one.
    func testMaxSamplesBoundsADrawingOfLeaps() {
        let leaps: [(Double, Double)] = (0..<200).map { (i: Int) -> (Double, Double) in
            let x: Double = i % 2 == 0 ? -900_000 : 900_000
            return (x, Double(i) * 9_000 - 900_000)
        }
        let drawing = Drawing(strokes: [stroke(leaps)], canvas: Size2D(width: 16_384, height: 16_384))
        let bounded = SVGExporter(maxSamples: 20_000)
        XCTAssertGreaterThan(bounded.spacing(for: drawing), 1_000, "200 leaps of 1.8 million units over 20,000 samples")
        let svg = bounded.exportBytes(drawing)
        XCTAssertLessThan(svg.count, 2_000_000, "bounded: \(svg.count) bytes")
        XCTAssertEqual(parse(String(decoding: svg, as: UTF8.self)).elements.filter { $0.name == "path" }.count, 1)
        let small = Drawing(strokes: [stroke([(10, 10), (50, 40), (90, 20)])], canvas: Size2D(width: 200, height: 100))
        XCTAssertEqual(SVGExporter(maxSamples: 20_000).spacing(for: small), 1)
        XCTAssertEqual(SVGExporter(maxSamples: 20_000).export(small), SVGExporter().export(small), "within the budget nothing changes")
    }

    func testOnePathPerStrokeAndViewBoxFromTheCanvas() {
        let drawing = Drawing(strokes: [stroke([(10, 10), (50, 40), (90, 20)]), stroke([(20, 70), (80, 70)])], canvas: Size2D(width: 200, height: 100))
        let svg = SVGExporter().export(drawing)
        let xml = parse(svg)
        let root = xml.elements.first
        XCTAssertEqual(root?.name, "svg")
        XCTAssertEqual(root?.attributes["viewBox"], "0 0 200 100")
        XCTAssertEqual(root?.attributes["width"], "200")
        XCTAssertEqual(root?.attributes["height"], "100")
        XCTAssertEqual(root?.attributes["xmlns"] ?? "http://www.w3.org/2000/svg", "http://www.w3.org/2000/svg")
        let paths = xml.elements.filter { $0.name == "path" }
        XCTAssertEqual(paths.count, 2)
        for path in paths {
            XCTAssertEqual(path.attributes["fill"], "#000000")
            XCTAssertEqual(path.attributes["fill-rule"], "nonzero")
            XCTAssertNil(path.attributes["fill-opacity"])
            let d = path.attributes["d"] ?? ""
            XCTAssertTrue(d.hasPrefix("M") && d.hasSuffix("Z"), d)
        }
        XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\""))
        XCTAssertEqual(svg, SVGExporter().export(drawing), "deterministic")
    }

    func testViewBoxFromBoundsWithoutCanvas() throws {
        let drawing = Drawing(strokes: [stroke([(10, 20), (30, 60)])])
        let xml = parse(SVGExporter().export(drawing))
        let values = try XCTUnwrap(xml.elements.first?.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
        let bounds = try XCTUnwrap(drawing.bounds)
        XCTAssertEqual(values.count, 4)
        XCTAssertEqual(values[0], bounds.minX, accuracy: 0.01)
        XCTAssertEqual(values[1], bounds.minY, accuracy: 0.01)
        XCTAssertEqual(values[2], bounds.width, accuracy: 0.01)
        XCTAssertEqual(values[3], bounds.height, accuracy: 0.01)
    }

    func testColourAlphaAndTransformAreApplied() throws {
        let ink = Ink(.marker, color: RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        let shift = AffineTransform2D(translationX: 1000, y: 0)
        let drawing = Drawing(strokes: [stroke([(10, 10), (20, 10)], ink: ink, transform: shift)], canvas: Size2D(width: 2000, height: 100))
        let path = try XCTUnwrap(parse(SVGExporter().export(drawing)).elements.first { $0.name == "path" })
        XCTAssertEqual(path.attributes["fill"], "#ff8000")
        XCTAssertEqual(path.attributes["fill-opacity"], "0.5")
        let xs = coordinates(path.attributes["d"] ?? "").map(\.x)
        XCTAssertFalse(xs.isEmpty)
        XCTAssertTrue(xs.allSatisfy { $0 > 990 && $0 < 1030 }, "\(xs)")
    }

    func testMaskBecomesAClipPathInTheSameSpace() throws {
        let mask = StrokeMask(rect: Rect2D(x: 0, y: 0, width: 15, height: 20))
        let drawing = Drawing(strokes: [stroke([(10, 10), (20, 10)], transform: AffineTransform2D(scaleX: 2, y: 2), mask: mask)])
        let xml = parse(SVGExporter().export(drawing))
        let clip = try XCTUnwrap(xml.elements.first { $0.name == "clipPath" })
        let id = try XCTUnwrap(clip.attributes["id"])
        let paths = xml.elements.filter { $0.name == "path" }
        XCTAssertEqual(paths.count, 2)
        XCTAssertEqual(paths[1].attributes["clip-path"], "url(#\(id))")
        XCTAssertEqual(Set(coordinates(paths[0].attributes["d"] ?? "").map { [$0.x, $0.y] }), [[0, 0], [30, 0], [30, 40], [0, 40]])
    }

    func testEmptyDrawingIsStillAValidDocument() {
        let xml = parse(SVGExporter().export(Drawing()))
        XCTAssertEqual(xml.elements.map(\.name), ["svg"])
        XCTAssertEqual(xml.elements.first?.attributes["viewBox"], "0 0 1 1")
    }

    func testNumbersHaveLimitedPrecision() throws {
        let drawing = Drawing(strokes: [stroke([(10.123456, 10.987654), (20.5, 10.25)])])
        let svg = SVGExporter(decimals: 1).export(drawing)
        let d = try XCTUnwrap(parse(svg).elements.first { $0.name == "path" }?.attributes["d"])
        for token in d.split(whereSeparator: { "MLZ ".contains($0) }) {
            XCTAssertLessThanOrEqual(token.split(separator: ".").dropFirst().first?.count ?? 0, 1, String(token))
        }
        XCTAssertFalse(d.contains("-0 ") || d.hasPrefix("M-0 "))
    }

    func testEveryBundledExampleExports() throws {
        let dir = Self.repositoryRoot.appendingPathComponent("Strokes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") && !$0.contains("schema") }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let drawing = try StrokeJSONDecoder().decode(Array(try Data(contentsOf: dir.appendingPathComponent(file))))
            let xml = parse(SVGExporter().export(drawing))
            XCTAssertGreaterThan(xml.elements.filter { $0.name == "path" }.count, 0, file)
            XCTAssertLessThanOrEqual(xml.elements.filter { $0.name == "path" && $0.attributes["clip-path"] == nil }.count, drawing.strokes.count, file)
        }
    }

    /// The repository root, found from this file's location.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The points of a path's `d` attribute.
    private func coordinates(_ d: String) -> [Point2D] {
        let numbers = d.split(whereSeparator: { "MLZ ".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { Point2D(x: numbers[$0], y: numbers[$0 + 1]) }
    }
}
