import Foundation
import InklingStrokes

/// What applies to a trace in an InkML document: its channels and brush, resolved from
/// `<context>`, `<inkSource>`, `<traceFormat>`, `<brush>` and `contextRef`/`brushRef`/… links.
struct InkMLContext: Sendable {
    /// Channels in trace-value order, each with its conversion scale.
    var channels = InkMLChannel.defaultFormat
    /// `resolution` channel properties: channel name → drawing units per channel unit.
    var resolutions: [String: Double] = [:]
    /// Brush colour, when a brush says so.
    var color = RGBAColor.black
    /// Nib width in drawing units, when a brush says so.
    var width: Double?

    /// Resolves the elements of one document.
    struct Resolver {
        let xml: InkMLXML
        let ids: [String: Int]

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

        private func inkSource(_ index: Int, into ctx: inout InkMLContext) throws(InkImportError) {
            for c in xml.elements[index].children {
                let e = xml.elements[c]
                if e.name == "traceFormat" { ctx.channels = try traceFormat(c) }
                guard e.name == "channelProperties" else { continue }
                for p in e.children where xml.elements[p].name == "channelProperty" {
                    let a = xml.elements[p].attributes
                    guard a["name"] == "resolution", let channel = a["channel"] else { continue }
                    guard let value = a["value"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), value > 0, value.isFinite else {
                        throw fail(p, "resolution of channel \(channel) must be a positive number")
                    }
                    // "1000" with units "1/cm": 1000 channel units make a centimetre.
                    let units = (a["units"] ?? "").replacingOccurrences(of: " ", with: "")
                    let per = units.hasPrefix("1/") ? String(units.dropFirst(2)) : units
                    let unit = InkMLChannel.pointsPerUnit(per) ?? InkMLChannel.secondsPerUnit(per)
                    guard let unit else { throw fail(p, "resolution units \"\(units.prefix(20))\" are not supported") }
                    ctx.resolutions[channel] = unit / value
                }
            }
        }

        private func brush(_ index: Int, into ctx: inout InkMLContext) throws(InkImportError) {
            if let ref = xml.elements[index].attributes["brushRef"], xml.elements[index].children.isEmpty {
                return try brush(try target(ref, kind: "brush", from: index), into: &ctx)
            }
            for c in xml.elements[index].children where xml.elements[c].name == "brushProperty" {
                let a = xml.elements[c].attributes
                let value = a["value"] ?? ""
                switch a["name"] {
                case "color":
                    guard let color = RGBAColor(hex: value) else { throw fail(c, "brush color \"\(value.prefix(20))\" is not #rrggbb") }
                    ctx.color.red = color.red; ctx.color.green = color.green; ctx.color.blue = color.blue
                case "transparency":
                    guard let t = Double(value), (0...255).contains(t) else { throw fail(c, "brush transparency must be 0…255") }
                    ctx.color.alpha = 1 - t / 255
                case "width":
                    guard let w = Double(value), w > 0, w.isFinite, let unit = InkMLChannel.pointsPerUnit(a["units"] ?? "") else {
                        throw fail(c, "brush width \"\(value.prefix(20))\" must be a positive length in in, cm, mm, pt or px")
                    }
                    ctx.width = w * unit
                default: break
                }
            }
        }
    }
}
