import InklingBase
import Foundation
import InklingStrokes

/// Reads Pointer Events recorded by a web canvas into a ``Drawing``.
///
/// ## Shapes
/// - A flat array of events, `[{type, pointerId, …}, …]`, or the same under
///   `{"events": [...]}`: `pointerdown` … `pointerup` delimit a stroke **per `pointerId`**, so
///   several pointers at once become separate strokes (in the order their `pointerdown`s came).
///   `pointermove`/`pointerrawupdate` without an active stroke (hovering) are ignored, as are other
///   types (`pointerover`, `gotpointercapture`, …). `pointercancel` ends the stroke with the
///   points so far; a stroke still open at the end of the recording is kept. `type` is required.
/// - Per-stroke groups, `[[events…], …]` or `{"strokes": [[events…], …]}`: each group is one
///   stroke; `type` is optional (`pointerup` is treated as below, `pointercancel` ends the group,
///   other non-pointer types are ignored). Empty groups are skipped.
/// - The object form may carry `canvas: {width, height}` (→ ``Drawing/canvas``) and `timeOrigin`
///   (ms since the Unix epoch, as `performance.timeOrigin`).
///
/// ## Mapping, per event
/// - Location: `offsetX/offsetY` (canvas-relative) if present, else `x/y`, else
///   `clientX/clientY`, else `pageX/pageY`.
/// - `pressure` 0…1 → `force = pressure × 2` (PencilKit's 1.0 is an average touch, which the
///   Pointer Events convention writes 0.5). Mouse pressure is synthetic (0.5 while a button is
///   pressed, 0 otherwise), so every mouse point gets the default force 1.0. Missing → 1.0.
/// - `altitudeAngle`/`azimuthAngle` (radians) are used directly when either is present (azimuth
///   wrapped into 0…2π); otherwise `tiltX`/`tiltY` (degrees) are converted with
///   ``orientation(tiltX:tiltY:)``; neither → upright (π/2) and 0.
/// - `width`/`height` (CSS px) → point size. Browsers report 1×1 (or 0×0) when the hardware has
///   no contact geometry, as for pens and mice, so anything ≤ 1 in both gives the default 4×4 nib.
/// - `timeStamp` (ms) → `timeOffset` in seconds since the stroke's first timestamp; a backwards
///   jump is clamped to the previous offset (time never decreases). The stroke's `creationDate`
///   is `(timeOrigin + first timeStamp) / 1000` seconds after the epoch (`timeOrigin` 0 when
///   absent, so gaps between strokes survive).
/// - `coalesced` (or `coalescedEvents`) events expand in place, in order, before their parent;
///   the parent is dropped when the last coalesced event already is it.
/// - `pointerup` adds its location only when it moved from the last point, with that point's
///   force (a `pointerup` always reports pressure 0).
/// - `pointerType` → ink: see ``inkType(forPointerType:)``; colour black.
/// - `twist` is validated (0…359°) but not carried: PencilKit's points have no roll channel.
public enum PointerEventsImporter: InkImporter {
    /// The format this importer reads.
    public static let format = InkFormat.pointerEvents

    /// Whether the document starts with `[` or `{` and, early on, names Pointer Events
    /// (`"pointerdown"`, `"pointermove"`, `"pointerType"`, `"pointerId"`) and no other format.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = InterchangeJSON.head(bytes)
        guard let first = head.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return false }
        guard !InterchangeJSON.namesOtherFormat(head) else { return false }
        return ["\"pointerdown\"", "\"pointermove\"", "\"pointerType\"", "\"pointerId\""].contains { InterchangeJSON.contains(head, $0) }
    }

    /// Converts a recording; errors name the event (`events[12].pressure`, `strokes[1][3].tiltX`).
    ///
    /// The event list is parsed a batch of events at a time (``JSONArrayStream``), never as one
    /// tree, so memory stays a small multiple of the document while strokes are built.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        let whole = bytes[...]
        try ImportBudget(format, limits: options.limits).check(whole)
        let shape = "an array of events or an object with \"events\" or \"strokes\""
        guard let start = whole.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
              whole[start] == UInt8(ascii: "[") || whole[start] == UInt8(ascii: "{"),
              let top = JSONNesting.children(in: whole)
        else {
            // Not one array or object: the parser says what is wrong, or what it is instead.
            let root = try InterchangeJSON.parse(whole, format, limits: options.limits)
            throw InkImportError(format, at: "", "expected \(shape), got \(InterchangeJSON.typeName(root))")
        }
        var canvas: Size2D?
        var timeOrigin: Double?
        let list: JSONArrayStream
        let grouped: Bool
        if whole[start] == UInt8(ascii: "{") {
            var members: [String: Range<Int>] = [:]
            for k in stride(from: 0, to: top.count - 1, by: 2) {
                if let key = try value(whole, top[k], at: "") as? String { members[key] = top[k + 1] }
            }
            canvas = try InterchangeJSON.canvas(members["canvas"].map { r throws(InkImportError) in try value(whole, r, at: "canvas") }, at: "canvas", format)
            let origin = try members["timeOrigin"].map { r throws(InkImportError) in try value(whole, r, at: "timeOrigin") }
            timeOrigin = try InterchangeJSON.optionalNumber(origin, at: "timeOrigin", format, expected: "a time in ms since 1970", in: 0...1e15)
            if let r = members["events"] {
                guard let a = JSONArrayStream(whole, range: r, format: format, location: "events") else {
                    throw InkImportError(format, at: "events", "expected an array of events, got \(InterchangeJSON.quote(try value(whole, r, at: "events")))")
                }
                (list, grouped) = (a, false)
            } else if let r = members["strokes"] {
                guard let a = JSONArrayStream(whole, range: r, format: format, location: "strokes") else {
                    throw InkImportError(format, at: "strokes", "expected an array of event arrays, got \(InterchangeJSON.quote(try value(whole, r, at: "strokes")))")
                }
                (list, grouped) = (a, true)
            } else {
                throw InkImportError(format, at: "", "expected \(shape), got an object without them")
            }
        } else {
            guard let a = JSONArrayStream(whole, range: start..<whole.endIndex, format: format, location: "events") else {
                throw InkImportError(format, at: "", "expected \(shape), got a malformed array")
            }
            list = a
            grouped = a.count > 0 && a.firstByte(of: 0) == UInt8(ascii: "[")
        }
        let builders = grouped ? try readGroups(list) : try readFlat(list)
        var strokes: [Stroke] = []
        for b in builders {
            if let s = b.stroke(timeOrigin: timeOrigin) { strokes.append(s) }
        }
        try InterchangeJSON.checkCounts(strokes: strokes.count, points: 0, total: 0, at: grouped ? "strokes" : "events", format)
        return Drawing(strokes: strokes, canvas: canvas)
    }

    /// The value `bytes[range]` on its own (a key, a member's value).
    private static func value(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>, at location: String) throws(InkImportError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes[range]), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not well-formed"
            throw InkImportError(format, at: location, "invalid JSON: \(detail)")
        }
    }

    /// A flat event list: strokes per pointer, delimited by pointerdown … pointerup.
    private static func readFlat(_ events: JSONArrayStream) throws(InkImportError) -> [PointerEventsStrokeBuilder] {
        var finished: [(order: Int, builder: PointerEventsStrokeBuilder)] = []
        var active: [String: (order: Int, builder: PointerEventsStrokeBuilder)] = [:]
        var counter = 0
        try events.forEach { (i, item) throws(InkImportError) in
            let path = "events[\(i)]"
            guard let e = item as? [String: Any] else {
                throw InkImportError(format, at: path, "expected an event object, got \(InterchangeJSON.quote(item))")
            }
            guard let type = e["type"] as? String else {
                throw InkImportError(format, at: path + ".type", "expected an event type such as \"pointermove\", got \(InterchangeJSON.quote(e["type"]))")
            }
            let id = try pointerKey(e, at: path)
            switch type {
            case "pointerdown":
                if let open = active.removeValue(forKey: id) { finished.append(open) }
                var b = PointerEventsStrokeBuilder(pointerType: try pointerType(e, at: path))
                try b.append(event: e, at: path, counter: &counter)
                active[id] = (i, b)
                if active.count + finished.count > InterchangeJSON.limits.maxStrokes {
                    try InterchangeJSON.checkCounts(strokes: active.count + finished.count, points: 0, total: 0, at: path, format)
                }
            case "pointermove", "pointerrawupdate":
                // Appended in place: a copy taken out of the dictionary would copy every point.
                guard active[id] != nil else { return }
                try active[id]!.builder.append(event: e, at: path, counter: &counter)
            case "pointerup":
                guard var open = active.removeValue(forKey: id) else { return }
                try open.builder.appendUp(event: e, at: path, counter: &counter)
                finished.append(open)
            case "pointercancel":
                if let open = active.removeValue(forKey: id) { finished.append(open) }
            default:
                return
            }
        }
        finished.append(contentsOf: active.values)
        return finished.sorted { $0.order < $1.order }.map(\.builder)
    }

    /// Per-stroke groups: each array of events is one stroke.
    private static func readGroups(_ groups: JSONArrayStream) throws(InkImportError) -> [PointerEventsStrokeBuilder] {
        var builders: [PointerEventsStrokeBuilder] = []
        var counter = 0
        for i in 0..<groups.count {
            guard let group = JSONArrayStream(groups.bytes, range: groups.elements[i], format: format, location: "strokes[\(i)]") else {
                throw InkImportError(format, at: "strokes[\(i)]", "expected an array of events, got \(InterchangeJSON.quote(try value(groups.bytes, groups.elements[i], at: "strokes[\(i)]")))")
            }
            var builder: PointerEventsStrokeBuilder?
            var cancelled = false
            try group.forEach { (j, element) throws(InkImportError) in
                guard !cancelled else { return }
                let path = "strokes[\(i)][\(j)]"
                guard let e = element as? [String: Any] else {
                    throw InkImportError(format, at: path, "expected an event object, got \(InterchangeJSON.quote(element))")
                }
                let type: String?
                switch e["type"] {
                case nil, is NSNull: type = nil
                case let s as String: type = s
                case let v?: throw InkImportError(format, at: path + ".type", "expected an event type such as \"pointermove\", got \(InterchangeJSON.quote(v))")
                }
                switch type {
                case nil, "pointerdown", "pointermove", "pointerrawupdate", "pointerup":
                    break
                case "pointercancel":
                    cancelled = true
                    return
                default:
                    return
                }
                // Taken out of `builder` so that appending never copies the points so far.
                var b: PointerEventsStrokeBuilder
                if let existing = builder.take() { b = existing } else { b = PointerEventsStrokeBuilder(pointerType: try pointerType(e, at: path)) }
                if type == "pointerup" {
                    try b.appendUp(event: e, at: path, counter: &counter)
                } else {
                    try b.append(event: e, at: path, counter: &counter)
                }
                builder = b
            }
            if let builder, !builder.points.isEmpty {
                builders.append(builder)
                try InterchangeJSON.checkCounts(strokes: builders.count, points: 0, total: 0, at: "strokes[\(i)]", format)
            }
        }
        return builders
    }
}
