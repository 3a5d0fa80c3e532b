import InklingBase
import Foundation

/// Writes a ``Drawing`` as Inkling stroke JSON (`docs/stroke-json.md`) that
/// ``StrokeJSONDecoder`` reads back to an equal drawing.
///
/// Round trips are exact for every drawing the decoder can produce: numbers are written as
/// the shortest text that parses to the same double, and creation dates as the seconds since
/// 1970 that give back the same `Date`. Colours are written as `#RRGGBBAA`, so components that
/// are not multiples of 1/255 are rounded. Drawings that break the format's rules (a stroke
/// without points, a negative force, NaN) are still written as valid JSON — non-finite numbers
/// become `null` — and the decoder then reports the problem.
public struct StrokeJSONEncoder: Sendable {
    /// How each stroke's points are laid out.
    public enum Layout: String, Sendable, CaseIterable {
        /// An array of point objects; channels equal to their default are left out.
        case objects
        /// One array per channel; a channel is written only when some point differs from its default.
        case columnar
    }

    /// The point layout.
    public var layout: Layout
    /// Whether to break lines and indent (points, vertices and channel arrays stay on one line).
    public var prettyPrinted: Bool

    /// Creates an encoder.
    public init(layout: Layout = .objects, prettyPrinted: Bool = false) {
        self.layout = layout
        self.prettyPrinted = prettyPrinted
    }

    /// The UTF-8 bytes of the document for `drawing`.
    public func encode(_ drawing: Drawing) -> [UInt8] {
        var w = JSONWriter(pretty: prettyPrinted, capacity: 64 + drawing.pointCount * 48)
        w.openObject()
        w.key("format"); w.string("inkling.drawing")
        w.key("version"); w.integer(1)
        if let canvas = drawing.canvas {
            w.key("canvas")
            w.openObject(inline: true)
            w.key("width"); w.number(canvas.width)
            w.key("height"); w.number(canvas.height)
            w.closeObject()
        }
        // A shape every stroke shares is written once, for the drawing.
        let shared = drawing.strokes.first?.ink.shape.flatMap { first in
            drawing.strokes.allSatisfy { $0.ink.shape == first } ? first : nil
        }
        if let shared {
            w.key("shape")
            Self.write(shared, to: &w)
        }
        w.key("strokes")
        w.openArray()
        for stroke in drawing.strokes {
            write(stroke, writingShape: shared == nil, to: &w)
        }
        w.closeArray()
        w.closeObject()
        if prettyPrinted { return w.bytes + [0x0A] }
        return w.bytes
    }

    /// The UTF-8 bytes of one stroke's object, as an element of a document's `strokes` (its
    /// shape, if any, inside its ink): what a live session's `stroke` message carries.
    public func encode(stroke: Stroke) -> [UInt8] {
        var w = JSONWriter(pretty: prettyPrinted, capacity: 64 + stroke.path.count * 48)
        write(stroke, writingShape: true, to: &w)
        return w.bytes
    }

    private func write(_ stroke: Stroke, writingShape: Bool, to w: inout JSONWriter) {
        w.openObject()
        w.key("ink")
        w.openObject(inline: true)
        w.key("type"); w.string(stroke.ink.type.rawValue)
        w.key("color"); w.string(stroke.ink.color.hexString)
        if writingShape, let shape = stroke.ink.shape {
            w.key("shape")
            Self.write(shape, to: &w)
        }
        w.closeObject()
        let date = stroke.path.creationDate
        if date != Date(timeIntervalSince1970: 0) {
            w.key("creationDate"); w.number(Self.secondsSince1970(date))
        }
        if stroke.randomSeed != 0 {
            w.key("randomSeed"); w.integer(Int64(stroke.randomSeed))
        }
        if !stroke.transform.isIdentity {
            let t = stroke.transform
            w.key("transform")
            w.openArray(inline: true)
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { w.number(v) }
            w.closeArray()
        }
        if let mask = stroke.mask {
            w.key("mask")
            w.openArray()
            for polygon in mask.polygons {
                w.openArray(inline: true)
                for vertex in polygon {
                    w.openArray()
                    w.number(vertex.x)
                    w.number(vertex.y)
                    w.closeArray()
                }
                w.closeArray()
            }
            w.closeArray()
        }
        w.key("points")
        switch layout {
        case .objects: writeObjects(stroke.path.points, to: &w)
        case .columnar: writeColumnar(stroke.path.points, to: &w)
        }
        w.closeObject()
    }

    /// A shape as an object of the fields it sets, in ``StrokeShape/keys`` order.
    private static func write(_ shape: StrokeShape, to w: inout JSONWriter) {
        w.openObject(inline: true)
        if let preset = shape.preset { w.key("preset"); w.string(preset.rawValue) }
        for field in StrokeShape.Field.allCases {
            if let v = shape[keyPath: field.keyPath] { w.key(field.rawValue); w.number(v) }
        }
        if let simulate = shape.simulatePressure { w.key("simulatePressure"); w.bool(simulate) }
        if let easing = shape.easing { w.key("easing"); w.string(easing.rawValue) }
        if let last = shape.last { w.key("last"); w.bool(last) }
        w.closeObject()
    }

    private func writeObjects(_ points: [StrokePoint], to w: inout JSONWriter) {
        w.openArray()
        for point in points {
            w.openObject(inline: true)
            for channel in PointChannel.allCases {
                let v = channel.value(in: point)
                if channel.rawValue < 2 || !Self.isDefault(v, channel) {
                    w.key(channel.key); w.number(v)
                }
            }
            w.closeObject()
        }
        w.closeArray()
    }

    private func writeColumnar(_ points: [StrokePoint], to w: inout JSONWriter) {
        w.openObject()
        for channel in PointChannel.allCases {
            guard channel.rawValue < 2 || points.contains(where: { !Self.isDefault(channel.value(in: $0), channel) }) else {
                continue
            }
            w.key(channel.key)
            w.openArray(inline: true)
            for point in points { w.number(channel.value(in: point)) }
            w.closeArray()
        }
        w.closeObject()
    }

    /// Whether `v` can be left out: equal to the default, and not a negative zero the decoder
    /// would then read back as a positive one (equal, but not bit-identical).
    private static func isDefault(_ v: Double, _ channel: PointChannel) -> Bool {
        v == channel.defaultValue && v.sign == channel.defaultValue.sign
    }

    /// Seconds since 1970 that read back to exactly `date`. `Date` counts from 2001, so the
    /// plain conversion can be off by one unit in the last place; the neighbours are tried too.
    static func secondsSince1970(_ date: Date) -> Double {
        let s = date.timeIntervalSince1970
        for candidate in [s, s.nextUp, s.nextDown, s.nextUp.nextUp, s.nextDown.nextDown]
        where Date(timeIntervalSince1970: candidate) == date {
            return candidate
        }
        return s
    }
}
