import Foundation
import InklingGuidance
import InklingImageIO
import InklingStrokes

/// Builders for the small drawings the guidance tests use.
enum Fixtures {
    /// A stroke through `points`, each with the given nib, force and opacity, drawn at `speed`
    /// units per second (time offsets follow the control polygon's length).
    static func stroke(
        _ points: [(Double, Double)], ink: InkType = .pen, nib: Double = 4, force: Double = 1,
        forces: [Double]? = nil, azimuth: Double = 0, speed: Double? = 200, opacity: Double = 1,
        alpha: Double = 1, seed: UInt32 = 7
    ) -> Stroke {
        var t = 0.0
        var previous = points.first.map { Point2D(x: $0.0, y: $0.1) }
        let path = points.enumerated().map { i, p -> StrokePoint in
            let location = Point2D(x: p.0, y: p.1)
            if let speed, let prev = previous { t += location.distance(to: prev) / speed }
            previous = location
            return StrokePoint(
                location: location, timeOffset: t, size: Size2D(width: nib, height: nib),
                opacity: opacity, force: forces?[i] ?? force, azimuth: azimuth)
        }
        return Stroke(ink: Ink(ink, color: RGBAColor(red: 0.2, green: 0.4, blue: 0.9, alpha: alpha)),
                      path: StrokePath(points: path), randomSeed: seed)
    }

    /// Points along a straight line from `a` to `b`, `count` of them.
    static func line(_ a: (Double, Double), _ b: (Double, Double), count: Int = 20) -> [(Double, Double)] {
        (0..<count).map { i in
            let f = Double(i) / Double(count - 1)
            return (a.0 + f * (b.0 - a.0), a.1 + f * (b.1 - a.1))
        }
    }

    /// Points around a circle-ish wave, for curvy strokes.
    static func wave(from x0: Double, to x1: Double, y: Double, amplitude: Double, count: Int = 40) -> [(Double, Double)] {
        (0..<count).map { i in
            let f = Double(i) / Double(count - 1)
            return (x0 + f * (x1 - x0), y + amplitude * sin(f * 2 * .pi * 1.5))
        }
    }

    /// Renders and returns the gray pixels.
    static func render(_ drawing: Drawing, _ width: Int = 256, _ height: Int = 256,
                       encoding: GuidanceEncoding = .scribble, minimumLineWidth: Double = 1.5) throws -> RasterImage {
        try GuidanceRenderer(options: GuidanceOptions(
            width: width, height: height, encoding: encoding, minimumLineWidth: minimumLineWidth)).render(drawing).image
    }
}

extension RasterImage {
    /// The gray value at `(x, y)`.
    func gray(_ x: Int, _ y: Int) -> UInt8 { pixels[y * width + x] }

    /// Number of pixels above `threshold`.
    func count(above threshold: UInt8) -> Int { pixels.reduce(0) { $0 + ($1 > threshold ? 1 : 0) } }
}
