import InklingBase
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
/// - `pointerType` → ink: see ``inkType(forPointerType:)``; colour black. A stroke's events may
///   carry `color` (`#rrggbb` or `#rrggbbaa`) and `ink` (an ``InkType`` raw value: `pen`,
///   `pencil`, `marker`, `monoline`, `fountainPen`, `watercolor`, `crayon`, `reed`); the first of
///   each in the stroke wins (Inkling's drawing page writes them on a stroke's first event), and
///   `ink` overrides the pointer type's. Another ink name is an error that lists them.
/// - `twist` is validated (0…359°) but not carried: PencilKit's points have no roll channel.
public enum PointerEventsImporter: InkImporter {
    /// The format this importer reads.
    public static let format = InkFormat.pointerEvents

    /// Why ``looksLike(_:)`` says no, for the error about a document no importer recognised.
    public static let notRecognised = "no pointerdown, pointermove, pointerType or pointerId near the start"

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
        do {
            return try read(bytes[...], budget: ImportBudget(format, options: options))
        } catch {
            throw InkImportError(format, error)
        }
    }

    private static func read(_ whole: ArraySlice<UInt8>, budget: ImportBudget) throws(JSONError) -> Drawing {
        try budget.checkScan(whole)
        let shape = "an array of events or an object with \"events\" or \"strokes\""
        guard let start = whole.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
              whole[start] == UInt8(ascii: "[") || whole[start] == UInt8(ascii: "{"),
              let children = JSONNesting.children(in: whole)
        else {
            // Not one array or object: the parser says what is wrong, or what it is instead.
            let root = try budget.parse(whole).root
            throw root.error("expected \(shape), got \(root.typeName)")
        }
        let top = children.map { ($0.lowerBound + whole.startIndex)..<($0.upperBound + whole.startIndex) }
        var canvas: Size2D?
        var timeOrigin: Double?
        let list: JSONArrayStream
        let grouped: Bool
        if whole[start] == UInt8(ascii: "{") {
            let (root, lists) = try objectSkeleton(whole, members: top, budget: budget)
            canvas = try InterchangeJSON.canvas(root, "canvas")
            timeOrigin = try InterchangeJSON.optionalNumber(root, "timeOrigin", expected: "a time in ms since 1970", in: 0...1e15)
            if let events = root.member("events") {
                list = try stream(events, lists["events"], in: whole, budget: budget, expected: "an array of events")
                grouped = false
            } else if let strokes = root.member("strokes") {
                list = try stream(strokes, lists["strokes"], in: whole, budget: budget, expected: "an array of event arrays")
                grouped = true
            } else {
                throw root.error("expected \(shape), got an object without them")
            }
        } else {
            let a = JSONArrayStream(whole, elements: top, location: "events", budget: budget)
            list = a
            grouped = a.count > 0 && a.firstByte(of: 0) == UInt8(ascii: "[")
        }
        let builders = grouped ? try readGroups(list.at("strokes"), budget: budget) : try readFlat(list)
        var strokes: [Stroke] = []
        for b in builders {
            if let s = b.stroke(timeOrigin: timeOrigin) { strokes.append(s) }
        }
        if let problem = InterchangeJSON.countProblem(strokes: strokes.count, points: 0, total: 0) {
            throw JSONError(kind: .limitExceeded, path: grouped ? "strokes" : "events", message: problem)
        }
        return Drawing(strokes: strokes, canvas: canvas)
    }

    /// The top-level object with only what is read whole left in it, and where the `events` and
    /// `strokes` arrays are (the last of each key, json-c's rule), for streaming.
    ///
    /// Every other member's value becomes `0` and the two arrays `[]`: the skeleton parses to a
    /// small tree (`canvas`, `timeOrigin`, an `events` that is not an array, with their paths)
    /// however long the recording, and json-c still checks the object's own syntax. Keys are
    /// parsed alone (escapes included); a key that does not parse is left for the skeleton's
    /// parse to report. A syntax error is reported from a skeleton padded with spaces to the
    /// file's length, so that its byte offset is the file's.
    private static func objectSkeleton(
        _ whole: ArraySlice<UInt8>, members top: [Range<Int>], budget: ImportBudget
    ) throws(JSONError) -> (root: JSONNode, lists: [String: Range<Int>]) {
        var lists: [String: Range<Int>] = [:]
        var replaced: [(range: Range<Int>, text: [UInt8])] = []
        for k in stride(from: 0, to: top.count - 1, by: 2) {
            let (key, value) = (top[k], top[k + 1])
            guard let name = try? budget.parseCounted(whole[key]).root.string else { continue }
            switch name {
            case "canvas", "timeOrigin":
                continue
            case "events", "strokes":
                guard whole[value.lowerBound] == UInt8(ascii: "[") else { continue }
                lists[name] = value
                replaced.append((value, [UInt8(ascii: "["), UInt8(ascii: "]")]))
            default:
                replaced.append((value, [UInt8(ascii: "0")]))
            }
        }
        func skeleton(padded: Bool) -> [UInt8] {
            var bytes: [UInt8] = []
            var cursor = whole.startIndex
            for (range, text) in replaced {
                bytes += whole[cursor..<range.lowerBound]
                bytes += text
                if padded { bytes += repeatElement(0x20, count: range.count - text.count) }
                cursor = range.upperBound
            }
            bytes += whole[cursor...]
            return bytes
        }
        do {
            return (try budget.parseCounted(skeleton(padded: false)[...]).root, lists)
        } catch {
            guard error.kind == .syntax else { throw error }
            _ = try budget.parseCounted(skeleton(padded: true)[...])
            throw error
        }
    }

    /// The events (or groups) of `node`, a member of the skeleton, streamed from the file: the
    /// array at `range` when the skeleton held one there, else an error saying what `node` is.
    private static func stream(
        _ node: JSONNode, _ range: Range<Int>?, in whole: ArraySlice<UInt8>, budget: ImportBudget, expected: String
    ) throws(JSONError) -> JSONArrayStream {
        let label = node.path.description
        guard node.kind == .array, let range else { throw node.expected(expected) }
        if let stream = JSONArrayStream(whole, range: range, location: label, budget: budget) { return stream }
        // Not one array: the parser says what is wrong with it.
        let part = try budget.parseCounted(whole[range], at: label)
        throw InterchangeJSON.relocate(part.root.expected(expected), from: part.root, to: label)
    }

    /// A flat event list: strokes per pointer, delimited by pointerdown … pointerup.
    private static func readFlat(_ events: JSONArrayStream) throws(JSONError) -> [PointerEventsStrokeBuilder] {
        var finished: [(order: Int, builder: PointerEventsStrokeBuilder)] = []
        var active: [PointerKey: (order: Int, builder: PointerEventsStrokeBuilder)] = [:]
        var counter = 0
        try events.forEach { (i, e) throws(JSONError) in
            guard e.kind == .object else { throw e.expected("an event object") }
            let typeExpectation = "an event type such as \"pointermove\""
            guard let typeNode = e.member("type") else { throw InterchangeJSON.missing("type", in: e, expected: typeExpectation) }
            guard let type = typeNode.string else { throw typeNode.expected(typeExpectation) }
            let id = try pointerKey(e)
            switch type {
            case "pointerdown":
                if let open = active.removeValue(forKey: id) { finished.append(open) }
                var b = PointerEventsStrokeBuilder(pointerType: try pointerType(e))
                try b.append(event: e, counter: &counter)
                active[id] = (i, b)
                try InterchangeJSON.checkCounts(strokes: active.count + finished.count, points: 0, total: 0, at: e)
            case "pointermove", "pointerrawupdate":
                // Appended in place: a copy taken out of the dictionary would copy every point.
                guard active[id] != nil else { return }
                try active[id]!.builder.append(event: e, counter: &counter)
            case "pointerup":
                guard var open = active.removeValue(forKey: id) else { return }
                try open.builder.appendUp(event: e, counter: &counter)
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
    private static func readGroups(_ groups: JSONArrayStream, budget: ImportBudget) throws(JSONError) -> [PointerEventsStrokeBuilder] {
        var builders: [PointerEventsStrokeBuilder] = []
        var counter = 0
        for i in 0..<groups.count {
            let label = "\(groups.location)[\(i)]"
            guard let group = JSONArrayStream(groups.bytes, range: groups.elements[i], location: label, budget: budget) else {
                // Not one array: the parser says what is wrong, or what it is instead.
                let part = try budget.parseCounted(groups.bytes[groups.elements[i]], at: label)
                throw InterchangeJSON.relocate(part.root.expected("an array of events"), from: part.root, to: label)
            }
            var builder: PointerEventsStrokeBuilder?
            var cancelled = false
            try group.forEach { (_, e) throws(JSONError) in
                guard !cancelled else { return }
                guard e.kind == .object else { throw e.expected("an event object") }
                var type: String?
                if let node = e["type"] {
                    guard let text = node.string else { throw node.expected("an event type such as \"pointermove\"") }
                    type = text
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
                if let existing = builder.take() { b = existing } else { b = PointerEventsStrokeBuilder(pointerType: try pointerType(e)) }
                if type == "pointerup" {
                    try b.appendUp(event: e, counter: &counter)
                } else {
                    try b.append(event: e, counter: &counter)
                }
                builder = b
            }
            if let builder, !builder.points.isEmpty {
                builders.append(builder)
                if let problem = InterchangeJSON.countProblem(strokes: builders.count, points: 0, total: 0) {
                    throw JSONError(kind: .limitExceeded, path: label, message: problem)
                }
            }
        }
        return builders
    }
}
