import Foundation
import InklingStrokes

/// What applies to a trace in an InkML document: its channels and brush, resolved from
/// `<context>`, `<inkSource>`, `<traceFormat>`, `<brush>` and `contextRef`/`brushRef`/… links.
struct InkMLContext: Sendable {
    /// Channels in trace-value order, each with its conversion scale.
    var channels = InkMLChannel.defaultFormat
    /// Usable `resolution` channel properties of X, Y and T: channel name → points (X, Y) or
    /// seconds (T) per channel value. They take precedence over the channel's `units`.
    var resolutions: [String: Double] = [:]
    /// Brush colour, when a brush says so.
    var color = RGBAColor.black
    /// Nib width and height in drawing units, when a brush says so.
    var width: Double?, height: Double?
    /// The ink: `pen`, or `marker` for a rectangle tip or a highlighter's raster operation.
    var inkType = InkType.pen

    /// Resolves the elements of one document, and collects its notices (one line each, once).
    final class Resolver {
        let xml: InkMLXML
        let ids: [String: Int]
        /// What was read differently from what the document says, or ignored.
        private(set) var notices: [String] = []

        private func notice(_ line: String) {
            if !notices.contains(line) { notices.append(line) }
        }

        init(_ xml: InkMLXML) {
            self.xml = xml
            var ids: [String: Int] = [:]
            for (i, e) in xml.elements.enumerated() { if let id = e.attributes["xml:id"] ?? e.attributes["id"] { ids[id] = i } }
            self.ids = ids
        }

        private func fail(_ index: Int, _ message: String) -> InkImportError {
            InkImportError(.inkml, at: "line \(xml.elements[index].line)", message)
        }

        /// The element a `#id` reference names, which must be a `kind` element.
        func target(_ ref: String, kind: String, from index: Int) throws(InkImportError) -> Int {
            let id = ref.hasPrefix("#") ? String(ref.dropFirst()) : ref
            guard let t = ids[id] else { throw fail(index, "reference \"\(ref.prefix(40))\" names no element") }
            guard xml.elements[t].name == kind else {
                throw fail(index, "reference \"\(ref.prefix(40))\" names a <\(xml.elements[t].name)>, expected <\(kind)>")
            }
            return t
        }

        /// `base` with the `contextRef`, `brushRef`, `traceFormatRef` and `inkSourceRef`
        /// attributes of element `index` applied, and, for a `<context>`, its own children.
        func apply(_ index: Int, to base: InkMLContext, depth: Int = 0) throws(InkImportError) -> InkMLContext {
            guard depth < 16 else { throw fail(index, "references nest more than 16 deep (a cycle?)") }
            let e = xml.elements[index]
            var ctx = base
            if let ref = e.attributes["contextRef"] {
                ctx = try apply(try target(ref, kind: "context", from: index), to: ctx, depth: depth + 1)
            }
            if let ref = e.attributes["inkSourceRef"] { try inkSource(try target(ref, kind: "inkSource", from: index), into: &ctx) }
            if let ref = e.attributes["traceFormatRef"] { ctx.channels = try traceFormat(try target(ref, kind: "traceFormat", from: index)) }
            if let ref = e.attributes["brushRef"] { try brush(try target(ref, kind: "brush", from: index), into: &ctx) }
            if e.name == "context" {
                for c in e.children {
                    switch xml.elements[c].name {
                    case "inkSource": try inkSource(c, into: &ctx)
                    case "traceFormat": ctx.channels = try traceFormat(c)
                    case "brush": try brush(c, into: &ctx)
                    default: break
                    }
                }
            }
            return ctx
        }

        /// The channels of a `<traceFormat>` (or of the one it references).
        func traceFormat(_ index: Int) throws(InkImportError) -> [InkMLChannel] {
            var channels: [InkMLChannel] = []
            func add(_ c: Int, intermittent: Bool) throws(InkImportError) {
                let a = xml.elements[c].attributes
                guard let name = a["name"], !name.isEmpty else { throw fail(c, "<channel> without a name") }
                func number(_ key: String) throws(InkImportError) -> Double? {
                    guard let text = a[key] else { return nil }
                    guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                        throw fail(c, "channel \(name): \(key)=\"\(text.prefix(20))\" is not a number")
                    }
                    return v
                }
                channels.append(InkMLChannel(name: name, units: a["units"] ?? "", min: try number("min"),
                                             max: try number("max"), intermittent: intermittent))
            }
            for c in xml.elements[index].children {
                switch xml.elements[c].name {
                case "channel": try add(c, intermittent: false)
                case "intermittentChannels":
                    for ic in xml.elements[c].children where xml.elements[ic].name == "channel" { try add(ic, intermittent: true) }
                default: break
                }
            }
            if channels.isEmpty, let ref = xml.elements[index].attributes["href"] {
                return try traceFormat(try target(ref, kind: "traceFormat", from: index))
            }
            guard !channels.isEmpty else { throw fail(index, "<traceFormat> without channels") }
            return channels
        }

        /// Reads an `<inkSource>`: its trace format, and the `resolution` of X, Y and T.
        ///
        /// A resolution `R` in units `1/U` says that `R` channel values make one `U`: a value `v`
        /// is `v / R` of `U`, whatever the channel's own `units` say (Office writes `units="cm"`
        /// with a resolution of `1000` per cm: values in thousandths of a centimetre). A zero,
        /// missing or unreadable resolution, or one in units that do not fit the channel, counts
        /// as not given (with a notice); resolutions of channels Inkling ignores (F, tilt, …) are
        /// not read at all.
        private func inkSource(_ index: Int, into ctx: inout InkMLContext) throws(InkImportError) {
            for c in xml.elements[index].children {
                let e = xml.elements[c]
                if e.name == "traceFormat" { ctx.channels = try traceFormat(c) }
                guard e.name == "channelProperties" else { continue }
                for p in e.children where xml.elements[p].name == "channelProperty" {
                    let a = xml.elements[p].attributes
                    guard a["name"] == "resolution", let channel = a["channel"], ["X", "Y", "T"].contains(channel) else { continue }
                    let text = (a["value"] ?? "").trimmingCharacters(in: .whitespaces)
                    let units = (a["units"] ?? "").replacingOccurrences(of: " ", with: "")
                    let per = units.hasPrefix("1/") ? String(units.dropFirst(2)) : units
                    let unit = channel == "T" ? InkMLChannel.secondsPerUnit(per) : InkMLChannel.pointsPerUnit(per)
                    guard let value = Double(text), value > 0, value.isFinite, let unit else {
                        notice("inkml: the resolution of channel \(channel) (\"\(text.prefix(20))\" \(units.prefix(20))) is not usable; "
                               + "its values are read in the channel's units")
                        continue
                    }
                    ctx.resolutions[channel] = unit / value
                }
            }
        }

        /// `base` with the brush at `index` applied.
        func applyBrush(_ index: Int, to base: InkMLContext) throws(InkImportError) -> InkMLContext {
            var ctx = base
            try brush(index, into: &ctx)
            return ctx
        }

        /// Reads a `<brush>`: colour and transparency, width and height (lengths, converted like X
        /// and Y without a resolution), and a rectangle tip or a highlighter's raster operation
        /// (`maskPen`), which make a marker.
        private func brush(_ index: Int, into ctx: inout InkMLContext) throws(InkImportError) {
            if let ref = xml.elements[index].attributes["brushRef"], xml.elements[index].children.isEmpty {
                return try brush(try target(ref, kind: "brush", from: index), into: &ctx)
            }
            for c in xml.elements[index].children where xml.elements[c].name == "brushProperty" {
                let a = xml.elements[c].attributes
                let value = (a["value"] ?? "").trimmingCharacters(in: .whitespaces)
                switch a["name"] {
                case "color":
                    guard let color = RGBAColor(hex: value) else { throw fail(c, "brush color \"\(value.prefix(20))\" is not #rrggbb") }
                    ctx.color.red = color.red; ctx.color.green = color.green; ctx.color.blue = color.blue
                case "transparency":
                    guard let t = Double(value), (0...255).contains(t) else { throw fail(c, "brush transparency must be 0…255") }
                    ctx.color.alpha = 1 - t / 255
                case "width", "height":
                    let name = a["name"] ?? ""
                    guard let length = Double(value), length > 0, length.isFinite, let unit = InkMLChannel.pointsPerUnit(a["units"] ?? "") else {
                        throw fail(c, "brush \(name) \"\(value.prefix(20))\" \((a["units"] ?? "").prefix(20)) must be a positive length in in, cm, mm, m, himetric, pt, pc, px or dev")
                    }
                    if name == "width" { ctx.width = length * unit } else { ctx.height = length * unit }
                case "tip":
                    switch value.lowercased() {
                    case "rectangle": ctx.inkType = .marker
                    case "ellipse": break
                    default: notice("inkml: brush tip \"\(value.prefix(20))\" is not ellipse or rectangle; drawn as ellipse")
                    }
                case "rasterOp":
                    // A highlighter (Office writes maskPen) is drawn as a translucent marker.
                    if value == "maskPen" { ctx.inkType = .marker }
                default: break
                }
            }
        }
    }
}
