import InklingGuidance
import InklingStrokes

/// Writes a ``Drawing`` as an SVG 1.1 document, for eyes and browsers.
///
/// Each stroke becomes one filled `<path>` (non-zero winding) tracing its pressure-sensitive
/// outline, computed by ``StrokeOutliner`` with the stroke's ink profile. The stroke's transform
/// is applied to the outline points, so paths are in drawing space; a mask is transformed the
/// same way and emitted as a `<clipPath>`. The fill is the ink colour and `fill-opacity` its
/// alpha (per-point opacity and texture are not represented). The `viewBox` is the drawing's
/// ``Drawing/frame`` (the canvas when known, else the bounds) and `width`/`height` its size.
/// The output is deterministic: the same drawing and options give the same bytes.
///
/// ```swift
/// let svg = SVGExporter().export(drawing)   // String
/// ```
public struct SVGExporter: Sendable {
    /// Decimal places for coordinates (0…6).
    public var decimals: Int
    /// Distance between outline samples along the stroke, in stroke space.
    public var spacing: Double
    /// A colour to fill the whole view box with first; `nil` leaves it transparent.
    public var background: RGBAColor?
    /// The most outline samples the strokes' length may take (`nil`: no bound). When the
    /// strokes are longer than `maxSamples × spacing`, the spacing widens for that drawing so
    /// that they take about `maxSamples` samples (plus at most one per control point), so a
    /// drawing whose points leap across a huge canvas still makes a document of bounded size.
    public var maxSamples: Int?

    /// Creates an exporter.
    public init(decimals: Int = 2, spacing: Double = 1, background: RGBAColor? = nil, maxSamples: Int? = nil) {
        self.decimals = min(max(decimals, 0), 6)
        self.spacing = spacing.isFinite && spacing > 0 ? spacing : 1
        self.background = background
        self.maxSamples = maxSamples.map { max($0, 1) }
    }

    /// The sample spacing ``export(_:)`` uses for `drawing`: ``spacing``, widened when the
    /// strokes' length (the sum of the distances between consecutive control points) at that
    /// spacing would take more than ``maxSamples`` samples.
    public func spacing(for drawing: Drawing) -> Double {
        guard let maxSamples else { return spacing }
        var length = 0.0
        for stroke in drawing.strokes {
            let points = stroke.path.points
            for i in points.indices.dropFirst() {
                let step = points[i].location.distance(to: points[i - 1].location)
                if step.isFinite { length += step }
            }
        }
        return max(spacing, length / Double(maxSamples))
    }

    /// The SVG document for `drawing`, ending with a newline.
    public func export(_ drawing: Drawing) -> String {
        let frame = drawing.frame.flatMap { $0.width.isFinite && $0.height.isFinite ? $0 : nil }
            ?? Rect2D(x: 0, y: 0, width: 1, height: 1)
        let width = frame.width > 0 ? frame.width : 1
        let height = frame.height > 0 ? frame.height : 1
        let viewBox = [frame.minX, frame.minY, width, height].map(number).joined(separator: " ")
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(number(width))" height="\#(number(height))" viewBox="\#(viewBox)">"#,
        ]
        let outliner = StrokeOutliner(spacing: spacing(for: drawing))
        var clips: [String] = []
        var paths: [String] = []
        for (index, stroke) in drawing.strokes.enumerated() {
            let outline = outliner.outline(for: stroke)
            let d = SVGPathData.closedPolygons(outline, transform: stroke.transform, decimals: decimals)
            guard !d.isEmpty else { continue }
            var attributes = #"d="\#(d)" fill="\#(Self.rgb(stroke.ink.color))""#
            let alpha = stroke.ink.color.alpha.isFinite ? min(max(stroke.ink.color.alpha, 0), 1) : 1
            if alpha < 1 { attributes += #" fill-opacity="\#(SVGNumber.format(alpha, decimals: 3))""# }
            attributes += #" fill-rule="nonzero""#
            if let mask = stroke.mask {
                let id = "mask-\(index)"
                let clip = SVGPathData.closedPolygons(mask.polygons, transform: stroke.transform, decimals: decimals)
                clips.append(#"<clipPath id="\#(id)" clipPathUnits="userSpaceOnUse"><path d="\#(clip.isEmpty ? "M0 0Z" : clip)" clip-rule="nonzero"/></clipPath>"#)
                attributes += #" clip-path="url(#\#(id))""#
            }
            paths.append("<path \(attributes)/>")
        }
        if !clips.isEmpty { lines.append("<defs>"); lines += clips; lines.append("</defs>") }
        if let background {
            var rect = #"<rect x="\#(number(frame.minX))" y="\#(number(frame.minY))" width="\#(number(width))" height="\#(number(height))" fill="\#(Self.rgb(background))""#
            if background.alpha < 1 { rect += #" fill-opacity="\#(SVGNumber.format(max(background.alpha, 0), decimals: 3))""# }
            lines.append(rect + "/>")
        }
        lines += paths
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The UTF-8 bytes of ``export(_:)``.
    public func exportBytes(_ drawing: Drawing) -> [UInt8] { Array(export(drawing).utf8) }

    private func number(_ value: Double) -> String { SVGNumber.format(value, decimals: decimals) }

    /// `#rrggbb` of a colour, alpha left out.
    static func rgb(_ color: RGBAColor) -> String { String(color.hexString.prefix(7)) }
}
