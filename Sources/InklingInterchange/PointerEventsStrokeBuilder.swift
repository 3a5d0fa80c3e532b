import Foundation
import InklingBase
import InklingStrokes

/// Collects one pointer's samples into a stroke: times relative to the first timestamp,
/// clamped so they never go backwards, and coalesced events expanded before their parent.
struct PointerEventsStrokeBuilder {
    /// The pointer type the stroke began with; every later sample is read with it.
    let pointerType: String
    private(set) var points: [StrokePoint] = []
    private var firstTime: Double?
    private var lastTime: Double?
    private var lastOffset = 0.0
    /// The stroke's colour: the first `color` an event of it carries (Inkling's drawing page
    /// writes the brush colour on a stroke's first event; browsers' events have none).
    private var color: RGBAColor?
    /// The stroke's ink: the first `ink` an event of it carries (the page's brush, such as
    /// `"marker"`), which overrides the ink its pointer type would give.
    private var ink: InkType?

    init(pointerType: String) {
        self.pointerType = pointerType
    }

    /// Appends a sample; its time becomes `(timeStamp − first timeStamp) / 1000` seconds, never
    /// less than the previous point's (a sample without a timeStamp keeps the previous offset).
    mutating func append(_ sample: PointerEventsImporter.Sample) {
        var point = sample.point
        if let t = sample.timeStamp {
            if firstTime == nil { firstTime = t }
            lastOffset = max(lastOffset, (t - (firstTime ?? t)) / 1000)
        }
        lastTime = sample.timeStamp ?? lastTime
        point.timeOffset = lastOffset
        points.append(point)
    }

    /// Appends an event with its coalesced events first; the event itself is skipped when the
    /// last coalesced event already is it (same location and timeStamp), as browsers report.
    mutating func append(event e: JSONNode, counter: inout Int) throws(JSONError) {
        try readColor(e)
        try readInk(e)
        var last: PointerEventsImporter.Sample?
        if let list = try PointerEventsImporter.coalesced(e) {
            for c in list {
                guard c.kind == .object else { throw c.expected("an event object") }
                let s = try PointerEventsImporter.sample(c, pointerType: pointerType)
                try count(&counter, at: c)
                append(s)
                last = s
            }
        }
        let s = try PointerEventsImporter.sample(e, pointerType: pointerType)
        if let last, last.point.location == s.point.location, last.timeStamp == s.timeStamp { return }
        try count(&counter, at: e)
        append(s)
    }

    /// Handles `pointerup`: its location is appended only when it moved from the last point, with
    /// the last point's force (a pointerup always reports pressure 0, which is not the pen's).
    mutating func appendUp(event e: JSONNode, counter: inout Int) throws(JSONError) {
        var s = try PointerEventsImporter.sample(e, pointerType: pointerType)
        guard let previous = points.last else {
            try count(&counter, at: e)
            append(s)
            return
        }
        guard previous.location != s.point.location else { return }
        s.point.force = previous.force
        try count(&counter, at: e)
        append(s)
    }

    /// The finished stroke, or `nil` when no point was collected.
    func stroke(timeOrigin: Double?) -> Stroke? {
        guard !points.isEmpty else { return nil }
        let start = ((timeOrigin ?? 0) + (firstTime ?? 0)) / 1000
        return Stroke(
            ink: Ink(ink ?? PointerEventsImporter.inkType(forPointerType: pointerType), color: color ?? .black),
            path: StrokePath(points: points, creationDate: Date(timeIntervalSince1970: start)))
    }

    /// Takes the event's `color` (`#rrggbb` or `#rrggbbaa`) when the stroke has none yet.
    private mutating func readColor(_ e: JSONNode) throws(JSONError) {
        guard color == nil, let value = e["color"] else { return }
        guard let text = value.string, let parsed = RGBAColor(hex: text) else { throw value.expected("a colour \"#rrggbb\"") }
        color = parsed
    }

    /// Takes the event's `ink` (an ``InkType`` raw value such as `"pencil"`) when the stroke has
    /// none yet.
    private mutating func readInk(_ e: JSONNode) throws(JSONError) {
        guard ink == nil, let value = e["ink"] else { return }
        guard let name = value.string, let type = InkType(rawValue: name) else {
            throw value.expected("an ink: one of \(InkType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        ink = type
    }

    private func count(_ counter: inout Int, at event: JSONNode) throws(JSONError) {
        counter += 1
        try InterchangeJSON.checkCounts(strokes: 0, points: points.count + 1, total: counter, at: event)
    }
}
