import InklingBase
import InklingStrokes

/// A one-line human summary of a valid drawing, as `inkling validate` prints it.
enum DrawingSummary {
    /// For example `3 strokes, 412 points (pen ×2, marker ×1), bounds 18,22 820×540, canvas 1024×768, 4.2 s of drawing`.
    static func line(for drawing: Drawing) -> String {
        var parts = ["\(drawing.strokes.count) stroke\(drawing.strokes.count == 1 ? "" : "s")",
                     "\(drawing.pointCount) point\(drawing.pointCount == 1 ? "" : "s")"]
        var inkCounts: [InkType: Int] = [:]
        for stroke in drawing.strokes { inkCounts[stroke.ink.type, default: 0] += 1 }
        if !inkCounts.isEmpty {
            let inks = InkType.allCases.compactMap { t in inkCounts[t].map { "\(t.rawValue) ×\($0)" } }
            parts[1] += " (" + inks.joined(separator: ", ") + ")"
        }
        if let b = drawing.bounds {
            parts.append("bounds \(number(b.minX)),\(number(b.minY)) \(number(b.width))×\(number(b.height))")
        } else {
            parts.append("nothing visible")
        }
        if let c = drawing.canvas { parts.append("canvas \(number(c.width))×\(number(c.height))") }
        let drawingTime = drawing.strokes.reduce(0) { $0 + $1.path.duration }
        if drawingTime > 0 { parts.append("\(number(drawingTime)) s of drawing") }
        return parts.joined(separator: ", ")
    }

    /// The same facts for `validate --json`: `strokes`, `points`, `inks` (type → strokes),
    /// `bounds` (`{x, y, width, height}`, absent when nothing is visible), `canvas`
    /// (`{width, height}`, when the drawing has one) and `drawingSeconds`.
    static func json(for drawing: Drawing) -> JSONValue {
        var inks: [String: JSONValue] = [:]
        for stroke in drawing.strokes { inks[stroke.ink.type.rawValue] = .int(Int64((inks[stroke.ink.type.rawValue]?.int ?? 0) + 1)) }
        var members: [String: JSONValue] = [
            "strokes": .int(Int64(drawing.strokes.count)), "points": .int(Int64(drawing.pointCount)), "inks": .object(inks),
            "drawingSeconds": .double(drawing.strokes.reduce(0) { $0 + $1.path.duration }),
        ]
        if let b = drawing.bounds {
            members["bounds"] = ["x": .double(b.minX), "y": .double(b.minY), "width": .double(b.width), "height": .double(b.height)]
        }
        if let c = drawing.canvas { members["canvas"] = ["width": .double(c.width), "height": .double(c.height)] }
        return .object(members)
    }

    /// A number with at most one decimal.
    static func number(_ v: Double) -> String { NumberText.compact((v * 10).rounded() / 10) }
}
