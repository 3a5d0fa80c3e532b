import Foundation
import InklingGuidance
import InklingStrokes
import XCTest

/// Renders a few small drawings per encoding at 256×192 and compares them with the references
/// in `Golden/` (see ``GoldenStore`` for tolerance, record mode and failure artifacts).
final class GoldenTests: XCTestCase {
    private let store = GoldenStore()

    private func check(_ drawing: Drawing, named name: String) throws {
        for encoding in GuidanceEncoding.allCases {
            let map = try GuidanceRenderer(options: GuidanceOptions(width: 256, height: 192, encoding: encoding)).render(drawing)
            try store.assertMatches(map.image, named: "\(name)-\(encoding.rawValue)")
        }
    }

    /// Pen outlines with pressure, pencil hatching, a marker highlight and a tap.
    func testSketch() throws {
        var strokes: [Stroke] = []
        let house = [(60.0, 200.0), (60, 110), (150, 40), (240, 110), (240, 200), (60, 200)]
        strokes.append(Fixtures.stroke(house, nib: 5, forces: [0.4, 1.2, 1.6, 1.0, 0.7, 0.3]))
        strokes.append(Fixtures.stroke(Fixtures.line((120, 200), (120, 140)) + Fixtures.line((120, 140), (170, 140)), nib: 3))
        for i in 0..<6 {
            let x = 75.0 + Double(i) * 9
            strokes.append(Fixtures.stroke([(x, 190), (x + 20, 125)], ink: .pencil, nib: 4, force: 0.5 + Double(i) * 0.2,
                                           seed: UInt32(i + 1)))
        }
        strokes.append(Fixtures.stroke(Fixtures.wave(from: 30, to: 270, y: 230, amplitude: 6), ink: .marker, nib: 8))
        strokes.append(Fixtures.stroke([(280, 30)], nib: 10))
        try check(Drawing(strokes: strokes, canvas: Size2D(width: 300, height: 250)), named: "sketch")
    }

    /// Calligraphic inks: fountain pen at 45°, reed, crayon, watercolour.
    func testCalligraphy() throws {
        let strokes = [
            Fixtures.stroke(Fixtures.wave(from: 20, to: 280, y: 50, amplitude: 30), ink: .fountainPen, nib: 8, azimuth: .pi / 4),
            Fixtures.stroke(Fixtures.wave(from: 20, to: 280, y: 110, amplitude: -20), ink: .reed, nib: 8, seed: 11),
            Fixtures.stroke(Fixtures.line((30, 160), (270, 175)), ink: .crayon, nib: 10, seed: 12),
            Fixtures.stroke(Fixtures.wave(from: 40, to: 260, y: 215, amplitude: 12), ink: .watercolor, nib: 10,
                            forces: (0..<40).map { 0.5 + 0.5 * sin(Double($0) / 6) }),
        ]
        try check(Drawing(strokes: strokes, canvas: Size2D(width: 300, height: 250)), named: "calligraphy")
    }

    /// Stroke transforms (rotation, scale, mirror), a mask with a hole, a cusp and a thin web stroke;
    /// no canvas, so the fit uses the bounds.
    func testTransformsAndMasks() throws {
        var rotated = Fixtures.stroke(Fixtures.line((0, 0), (120, 0)), ink: .monoline, nib: 6)
        rotated.transform = AffineTransform2D(rotationAngle: .pi / 6).concatenating(AffineTransform2D(translationX: 40, y: 30))
        var mirrored = Fixtures.stroke(Fixtures.wave(from: 0, to: 150, y: 0, amplitude: 15), nib: 5, force: 1.3)
        mirrored.transform = AffineTransform2D(scaleX: -1, y: 1.5).concatenating(AffineTransform2D(translationX: 260, y: 160))
        var masked = Fixtures.stroke(Fixtures.line((20, 220), (280, 220)), nib: 24)
        masked.mask = StrokeMask(polygons: [
            [Point2D(x: 40, y: 180), Point2D(x: 260, y: 180), Point2D(x: 260, y: 260), Point2D(x: 40, y: 260)],
            [Point2D(x: 120, y: 200), Point2D(x: 120, y: 240), Point2D(x: 180, y: 240), Point2D(x: 180, y: 200)],
        ])
        let cusp = Fixtures.stroke([(200, 40), (280, 60), (200, 80)], nib: 7)
        let thin = Fixtures.stroke(Fixtures.wave(from: 10, to: 290, y: 120, amplitude: 40), ink: .monoline, nib: 0.2)
        try check(Drawing(strokes: [rotated, mirrored, masked, cusp, thin]), named: "transforms")
    }
}
