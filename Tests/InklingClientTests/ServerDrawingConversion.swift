import Foundation
import InklingClient
@testable import InklingStrokes

/// The server's drawing model turned into the client's, field for field, for the round trip:
/// a shape every stroke shares goes to the drawing's `shape`, as the canonical writer hoists it.
enum ServerDrawingConversion {
    static func client(_ drawing: Drawing) -> InkDrawing {
        let shared = drawing.strokes.first?.ink.shape.flatMap { first in
            drawing.strokes.allSatisfy { $0.ink.shape == first } ? first : nil
        }
        return InkDrawing(
            canvas: drawing.canvas.map { InkCanvas(width: $0.width, height: $0.height) },
            shape: shared.map(client),
            strokes: drawing.strokes.map { client($0, writingShape: shared == nil) })
    }

    static func client(_ stroke: Stroke, writingShape: Bool) -> InkStroke {
        let c = stroke.ink.color
        let t = stroke.transform
        let date = stroke.path.creationDate
        return InkStroke(
            ink: StrokeInk(
                InkKind(rawValue: stroke.ink.type.rawValue)!,
                color: InkColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha),
                shape: writingShape ? stroke.ink.shape.map(client) : nil),
            points: stroke.path.points.map(client),
            transform: InkTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty),
            mask: stroke.mask.map { $0.polygons.map { $0.map { InkVertex(x: $0.x, y: $0.y) } } },
            randomSeed: stroke.randomSeed,
            creationDate: date == Date(timeIntervalSince1970: 0) ? 0 : StrokeJSONEncoder.secondsSince1970(date))
    }

    static func client(_ p: StrokePoint) -> InkPoint {
        InkPoint(
            x: p.location.x, y: p.location.y, timeOffset: p.timeOffset, width: p.size.width, height: p.size.height,
            opacity: p.opacity, force: p.force, azimuth: p.azimuth, altitude: p.altitude,
            secondaryScale: p.secondaryScale, threshold: p.threshold)
    }

    static func client(_ s: StrokeShape) -> InkShape {
        InkShape(
            preset: s.preset.map { InkShape.Preset(rawValue: $0.rawValue)! }, size: s.size, thinning: s.thinning,
            smoothing: s.smoothing, streamline: s.streamline, taperStart: s.taperStart, taperEnd: s.taperEnd,
            simulatePressure: s.simulatePressure, easing: s.easing.map { InkEasing(rawValue: $0.rawValue)! }, last: s.last)
    }

    /// Every number of a drawing as its bit pattern, and every name, in a fixed order: two
    /// drawings with equal fingerprints are the same bit for bit in every channel.
    static func fingerprint(_ drawing: Drawing) -> [String] {
        var out: [String] = []
        func n(_ v: Double) { out.append(String(v.bitPattern, radix: 16)) }
        if let canvas = drawing.canvas { n(canvas.width); n(canvas.height) } else { out.append("no canvas") }
        for stroke in drawing.strokes {
            out.append("stroke \(stroke.ink.type.rawValue) \(String(describing: stroke.ink.shape)) seed \(stroke.randomSeed)")
            let c = stroke.ink.color
            [c.red, c.green, c.blue, c.alpha].forEach(n)
            n(stroke.path.creationDate.timeIntervalSinceReferenceDate)
            let t = stroke.transform
            [t.a, t.b, t.c, t.d, t.tx, t.ty].forEach(n)
            for polygon in stroke.mask?.polygons ?? [] {
                out.append("polygon")
                for v in polygon { n(v.x); n(v.y) }
            }
            for p in stroke.path.points {
                [p.location.x, p.location.y, p.timeOffset, p.size.width, p.size.height, p.opacity, p.force,
                 p.azimuth, p.altitude, p.secondaryScale, p.threshold].forEach(n)
            }
        }
        return out
    }
}
