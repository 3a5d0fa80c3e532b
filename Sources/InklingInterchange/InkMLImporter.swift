import Foundation
import InklingStrokes

/// Reads W3C InkML documents (`<ink xmlns="http://www.w3.org/2003/InkML">`).
///
/// XML is parsed with libxml2 behind CInklingXML with network access off and document type
/// declarations refused, so entities never expand and nothing external is fetched.
///
/// Each `<trace>` (in document order, through any `<traceGroup>` nesting) becomes one stroke:
/// - Channels come from the trace's context: `<traceFormat>` (default `X Y`, or the definition
///   named `DefaultTraceFormat`), reached through `contextRef`, `<context>`, `inkSourceRef`,
///   `traceFormatRef`; a `<context>` or `<traceFormat>` directly in `<ink>` (as CROHME writes
///   it) applies to the traces after it.
/// - `X`, `Y` are converted to points (72 per inch) from an `<inkSource>` `resolution` channel
///   property (`value="1000" units="1/cm"`: 1000 values make a centimetre), which takes
///   precedence, or else from their `units` (`in`, `cm`, `mm`, `m`, `himetric`, `pt`, `pc`;
///   `px`, `dev` or none stay as they are). A zero or unusable resolution is ignored with a notice.
/// - `T` becomes `timeOffset` in seconds since the trace's first point (a resolution, or `units`
///   `s`, `ms`, `us`; none or `dev` means milliseconds); it must not go backwards.
/// - `F` becomes force `2 · (F − min) / (max − min)` (min defaults to 0) when `max` is given, so
///   half the range is an average touch; without `max` it is taken as 0…1 pressure, times 2.
/// - Other channels (`OA`, `OE`, `OTx`, …) are read and ignored, whatever their units and
///   properties.
/// - Difference-encoded values (`'` first, `"` second difference, `!` explicit) are supported.
/// - The brush (`brushRef` on the trace, group or context) gives the colour (`color`,
///   `transparency`), the nib (`width` and `height`, lengths converted to points) and the ink:
///   a `rectangle` tip or a `maskPen` raster operation (a highlighter) makes a marker, anything
///   else a pen; otherwise black and the default nib. `type="penUp"` traces (hover) are skipped.
/// - libxml2 prints nothing: its messages end up in the import's error, or nowhere.
/// Errors name the trace (1-based, document order) and point: `trace 2, point 17: …`, or the
/// line of a bad definition.
public enum InkMLImporter: InkImporter {
    /// ``InkFormat/inkml``.
    public static let format = InkFormat.inkml

    /// Why ``looksLike(_:)`` says no, for the error about a document no importer recognised.
    public static let notRecognised = "no <ink> element near the start"

    /// The most points one trace may have, whatever the limits say (the per-stroke limit
    /// applies when lower).
    static let maxPointsPerTrace = 1_000_000

    /// Whether the document starts with `<` (after whitespace or a byte order mark) and has an
    /// `<ink` element near the start.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        var head = bytes.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard head.first(where: { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13) }) == UInt8(ascii: "<") else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.range(of: #"<([A-Za-z_][\w.-]*:)?ink[\s>/]"#, options: .regularExpression) != nil
    }

    /// Converts a document, dropping its notices.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        var notices: [String] = []
        return try read(bytes, options: options, notices: &notices)
    }

    /// Converts a document; appends a line to `notices` for each resolution ignored or brush
    /// property read differently.
    public static func read(_ bytes: [UInt8], options: InkImportOptions, notices: inout [String]) throws(InkImportError) -> Drawing {
        guard bytes.count <= options.maxBytes else {
            throw InkImportError(format, at: "", "document is \(bytes.count) bytes, more than the limit of \(options.maxBytes)")
        }
        try ImportBudget(format, limits: options.limits).checkMarkup(bytes)
        try InkMLMarkup.check(bytes)
        let xml = try InkMLXML.parse(bytes)
        guard let root = xml.elements.first, root.name == "ink" else {
            throw InkImportError(format, at: "line \(xml.elements.first?.line ?? 1)", "the root element must be <ink>, got <\(xml.elements.first?.name ?? "")>")
        }
        let resolver = InkMLContext.Resolver(xml)
        let maxPoints = min(maxPointsPerTrace, options.limits.maxPointsPerStroke)
        var walker = Walker(xml: xml, resolver: resolver, maxPoints: maxPoints)
        // Definitions may redefine the defaults (InkML's DefaultContext, DefaultTraceFormat, DefaultBrush).
        var current = InkMLContext()
        if let index = resolver.ids["DefaultContext"], xml.elements[index].name == "context" { current = try resolver.apply(index, to: current) }
        if let index = resolver.ids["DefaultTraceFormat"], xml.elements[index].name == "traceFormat" { current.channels = try resolver.traceFormat(index) }
        if let index = resolver.ids["DefaultBrush"], xml.elements[index].name == "brush" { current = try resolver.applyBrush(index, to: current) }
        for child in root.children { try walker.visit(child, context: &current) }
        notices += resolver.notices
        return Drawing(strokes: nibsFitted(walker.strokes, unsized: walker.unsized))
    }

    /// The default nib's largest share of a drawing's extent: a stroke without a brush width is
    /// at most 1/25 of the drawing's larger side wide.
    static let nibShareOfExtent = 1.0 / 25

    /// `strokes` with the default nib of those in `unsized` narrowed to ``nibShareOfExtent`` of the
    /// drawing's extent when it is wider than that. Files in small or normalised coordinates (the
    /// CROHME formulas are under one unit wide) would otherwise be one solid blot under a 4-unit
    /// nib; a drawing 100 units or more across keeps the default.
    static func nibsFitted(_ strokes: [Stroke], unsized: [Int]) -> [Stroke] {
        guard !unsized.isEmpty else { return strokes }
        var low = Point2D(x: .infinity, y: .infinity), high = Point2D(x: -.infinity, y: -.infinity)
        for stroke in strokes {
            for p in stroke.path.points {
                low = Point2D(x: min(low.x, p.location.x), y: min(low.y, p.location.y))
                high = Point2D(x: max(high.x, p.location.x), y: max(high.y, p.location.y))
            }
        }
        let extent = max(high.x - low.x, high.y - low.y)
        let nib = StrokePoint.Defaults.size
        guard extent.isFinite, extent > 0, max(nib.width, nib.height) > extent * nibShareOfExtent else { return strokes }
        let scale = extent * nibShareOfExtent / max(nib.width, nib.height)
        var fitted = strokes
        for index in unsized {
            let points = fitted[index].path.points.map { point -> StrokePoint in
                var p = point
                p.size = Size2D(width: p.size.width * scale, height: p.size.height * scale)
                return p
            }
            fitted[index].path = StrokePath(points: points)
        }
        return fitted
    }

    /// Walks `<trace>`, `<traceGroup>` and top-level `<context>` elements in document order.
    private struct Walker {
        let xml: InkMLXML
        let resolver: InkMLContext.Resolver
        /// Most points one trace may have: the per-stroke limit, checked while its text is parsed.
        let maxPoints: Int
        var strokes: [Stroke] = []
        /// The strokes whose trace gave no brush width (they have the default nib).
        var unsized: [Int] = []
        var traceNumber = 0

        mutating func visit(_ index: Int, context: inout InkMLContext) throws(InkImportError) {
            let e = xml.elements[index]
            switch e.name {
            case "context":
                context = try resolver.apply(index, to: context)
            case "traceFormat":
                context.channels = try resolver.traceFormat(index)
            case "traceGroup":
                var inner = try resolver.apply(index, to: context)
                for c in e.children { try visit(c, context: &inner) }
            case "trace":
                traceNumber += 1
                let ctx = try resolver.apply(index, to: context)
                if e.attributes["type"] == "penUp" { return }
                if let stroke = try InkMLImporter.stroke(e.text, context: ctx, traceNumber: traceNumber, maxPoints: maxPoints) {
                    if ctx.width == nil { unsized.append(strokes.count) }
                    strokes.append(stroke)
                }
            default:
                break  // definitions, annotation, annotationXML, timestamp …
            }
        }
    }

    private static func stroke(_ text: String, context ctx: InkMLContext, traceNumber: Int, maxPoints: Int) throws(InkImportError) -> Stroke? {
        let at = "trace \(traceNumber)"
        let names = ctx.channels.map(\.name)
        guard let xi = names.firstIndex(of: "X"), let yi = names.firstIndex(of: "Y") else {
            throw InkImportError(format, at: at, "the trace format has no X and Y channels (has \(names.joined(separator: " ")))")
        }
        func lengthScale(_ c: InkMLChannel) throws(InkImportError) -> Double {
            if let r = ctx.resolutions[c.name] { return r }
            guard let s = InkMLChannel.pointsPerUnit(c.units) else {
                throw InkImportError(format, at: at, "channel \(c.name) has units \"\(c.units.prefix(20))\"; expected in, cm, mm, m, himetric, pt, pc, px or dev")
            }
            return s
        }
        let sx = try lengthScale(ctx.channels[xi]), sy = try lengthScale(ctx.channels[yi])
        let ti = names.firstIndex(of: "T"), fi = names.firstIndex(of: "F")
        var st = 0.0
        if let ti {
            let c = ctx.channels[ti]
            if let r = ctx.resolutions["T"] { st = r } else {
                guard let s = InkMLChannel.secondsPerUnit(c.units) else {
                    throw InkImportError(format, at: at, "channel T has units \"\(c.units.prefix(20))\"; expected s, ms, us or dev")
                }
                st = s
            }
        }
        let values = try InkMLTraceParser(channels: ctx.channels, traceNumber: traceNumber).parse(text, maxPoints: maxPoints)
        guard !values.isEmpty else { return nil }
        let nib = ctx.width.map { Size2D(width: $0, height: ctx.height ?? $0) } ?? StrokePoint.Defaults.size
        var points: [StrokePoint] = []
        points.reserveCapacity(values.count)
        var t0: Double?
        var lastTime = 0.0
        for (n, v) in values.enumerated() {
            let where_ = "trace \(traceNumber), point \(n + 1)"
            guard let x = v[xi], let y = v[yi] else { throw InkImportError(format, at: where_, "X and Y must be present") }
            var p = StrokePoint(location: Point2D(x: x * sx, y: y * sy), size: nib)
            if let ti, let t = v[ti] {
                let start = t0 ?? t
                t0 = start
                let offset = (t - start) * st
                guard offset >= lastTime else { throw InkImportError(format, at: where_, "T goes backwards") }
                p.timeOffset = offset
                lastTime = offset
            } else {
                p.timeOffset = lastTime
            }
            if let fi, let f = v[fi] {
                let c = ctx.channels[fi]
                let low = c.min ?? 0
                let pressure = c.max.map { $0 > low ? (f - low) / ($0 - low) : 0.5 } ?? f
                guard pressure.isFinite, pressure >= 0 else {
                    throw InkImportError(format, at: where_, "F \(f) is below the channel's minimum")
                }
                p.force = 2 * pressure
            }
            guard p.location.x.isFinite, p.location.y.isFinite else { throw InkImportError(format, at: where_, "coordinates overflow") }
            points.append(p)
        }
        return Stroke(ink: Ink(ctx.inkType, color: ctx.color), path: StrokePath(points: points))
    }
}
