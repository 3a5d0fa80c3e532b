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
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        let root = try InterchangeJSON.parse(bytes[...], format, limits: options.limits)
        var canvas: Size2D?
        var timeOrigin: Double?
        let list: [Any]
        var grouped: Bool
        if let o = root as? [String: Any] {
            canvas = try InterchangeJSON.canvas(o["canvas"], at: "canvas", format)
            timeOrigin = try InterchangeJSON.optionalNumber(o["timeOrigin"], at: "timeOrigin", format, expected: "a time in ms since 1970", in: 0...1e15)
            if let events = o["events"] {
                guard let a = events as? [Any] else {
                    throw InkImportError(format, at: "events", "expected an array of events, got \(InterchangeJSON.quote(events))")
                }
                list = a
                grouped = false
            } else if let strokes = o["strokes"] {
                guard let a = strokes as? [Any] else {
                    throw InkImportError(format, at: "strokes", "expected an array of event arrays, got \(InterchangeJSON.quote(strokes))")
                }
                list = a
                grouped = true
            } else {
                throw InkImportError(format, at: "", "expected an array of events or an object with \"events\" or \"strokes\", got an object without them")
            }
        } else if let a = root as? [Any] {
            list = a
            grouped = a.first is [Any]
        } else {
            throw InkImportError(format, at: "", "expected an array of events or an object with \"events\" or \"strokes\", got \(InterchangeJSON.typeName(root))")
        }
        let builders = grouped ? try readGroups(list) : try readFlat(list)
        var strokes: [Stroke] = []
        for b in builders {
            if let s = b.stroke(timeOrigin: timeOrigin) { strokes.append(s) }
        }
        try InterchangeJSON.checkCounts(strokes: strokes.count, points: 0, total: 0, at: grouped ? "strokes" : "events", format)
        return Drawing(strokes: strokes, canvas: canvas)
    }

    /// A flat event list: strokes per pointer, delimited by pointerdown … pointerup.
    private static func readFlat(_ events: [Any]) throws(InkImportError) -> [PointerEventsStrokeBuilder] {
        var finished: [(order: Int, builder: PointerEventsStrokeBuilder)] = []
        var active: [String: (order: Int, builder: PointerEventsStrokeBuilder)] = [:]
        var counter = 0
        for (i, item) in events.enumerated() {
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
                guard active[id] != nil else { continue }
                try active[id]!.builder.append(event: e, at: path, counter: &counter)
            case "pointerup":
                guard var open = active.removeValue(forKey: id) else { continue }
                try open.builder.appendUp(event: e, at: path, counter: &counter)
                finished.append(open)
            case "pointercancel":
                if let open = active.removeValue(forKey: id) { finished.append(open) }
            default:
                continue
            }
        }
        finished.append(contentsOf: active.values)
        return finished.sorted { $0.order < $1.order }.map(\.builder)
    }

    /// Per-stroke groups: each array of events is one stroke.
    private static func readGroups(_ groups: [Any]) throws(InkImportError) -> [PointerEventsStrokeBuilder] {
        var builders: [PointerEventsStrokeBuilder] = []
        var counter = 0
        for (i, item) in groups.enumerated() {
            guard let group = item as? [Any] else {
                throw InkImportError(format, at: "strokes[\(i)]", "expected an array of events, got \(InterchangeJSON.quote(item))")
            }
            var builder: PointerEventsStrokeBuilder?
            events: for (j, element) in group.enumerated() {
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
                    break events
                default:
                    continue events
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
