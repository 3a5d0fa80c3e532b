import Foundation
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
    mutating func append(event e: [String: Any], at path: String, counter: inout Int) throws(InkImportError) {
        let format = PointerEventsImporter.format
        var last: PointerEventsImporter.Sample?
        if let (key, list) = try PointerEventsImporter.coalesced(e, at: path) {
            for (k, item) in list.enumerated() {
                let here = "\(path).\(key)[\(k)]"
                guard let c = item as? [String: Any] else {
                    throw InkImportError(format, at: here, "expected an event object, got \(InterchangeJSON.quote(item))")
                }
                let s = try PointerEventsImporter.sample(c, at: here, pointerType: pointerType)
                try count(&counter, at: here)
                append(s)
                last = s
            }
        }
        let s = try PointerEventsImporter.sample(e, at: path, pointerType: pointerType)
        if let last, last.point.location == s.point.location, last.timeStamp == s.timeStamp { return }
        try count(&counter, at: path)
        append(s)
    }

    /// Handles `pointerup`: its location is appended only when it moved from the last point, with
    /// the last point's force (a pointerup always reports pressure 0, which is not the pen's).
    mutating func appendUp(event e: [String: Any], at path: String, counter: inout Int) throws(InkImportError) {
        var s = try PointerEventsImporter.sample(e, at: path, pointerType: pointerType)
        guard let previous = points.last else {
            try count(&counter, at: path)
            append(s)
            return
        }
        guard previous.location != s.point.location else { return }
        s.point.force = previous.force
        try count(&counter, at: path)
        append(s)
    }

    /// The finished stroke, or `nil` when no point was collected.
    func stroke(timeOrigin: Double?) -> Stroke? {
        guard !points.isEmpty else { return nil }
        let start = ((timeOrigin ?? 0) + (firstTime ?? 0)) / 1000
        return Stroke(
            ink: Ink(PointerEventsImporter.inkType(forPointerType: pointerType)),
            path: StrokePath(points: points, creationDate: Date(timeIntervalSince1970: start)))
    }

    private func count(_ counter: inout Int, at path: String) throws(InkImportError) {
        counter += 1
        try InterchangeJSON.checkCounts(strokes: 0, points: points.count + 1, total: counter, at: path, PointerEventsImporter.format)
    }
}
