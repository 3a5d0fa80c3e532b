import Foundation
import InklingStrokes

/// Reads Quick, Draw! ndjson (one drawing per line) into a ``Drawing``.
///
/// ## Lines and selection
/// The file is scanned line by line over its bytes; only the selected line is parsed as JSON
/// (``InkImportOptions/selection``): `.first` takes the first non-blank line, `.line(n)` the
/// n-th physical line (1-based, blank lines count), `.keyID(id)` the first line whose `key_id`
/// is the string `id` (a line is parsed only when its bytes contain `"id"`). Errors name the line:
/// `line 3: drawing[1]: expected [[x…], [y…]] …`.
///
/// ## Mapping
/// - `drawing`: one entry per stroke. **Raw** strokes are `[[x…], [y…], [t…]]` (t in ms since
///   the drawing's first point); **simplified** strokes are `[[x…], [y…]]` in a 0–255 box.
/// - Time: `timeOffset = (t − t₀) / 1000` with t₀ the stroke's first t, clamped so it never
///   decreases; the stroke's `creationDate` is t₀ / 1000 seconds after the Unix epoch (the
///   drawing's own start is not recorded in a usable form), so gaps between strokes survive.
///   Simplified strokes have no time: every `timeOffset` is 0.
/// - Canvas: 256×256 when every stroke is simplified; none (the bounds are used) otherwise.
/// - Ink `monoline`, black; every other channel takes ``StrokePoint/Defaults``.
/// - `word`, `countrycode`, `timestamp`, `recognized`, `key_id` are not carried.
public enum QuickDrawImporter: InkImporter {
    /// The format this importer reads.
    public static let format = InkFormat.quickdraw

    /// Whether the first line is an object with a `"drawing"` key holding `[[[`.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        var head = InterchangeJSON.head(bytes, limit: 8192)
        guard head.first == UInt8(ascii: "{") else { return false }
        if let nl = head.firstIndex(of: 0x0A) { head = head[..<nl] }
        guard !InterchangeJSON.namesOtherFormat(head), let key = range(of: "\"drawing\"", in: head) else { return false }
        let rest = head[key.upperBound...].filter { ![0x20, 0x09, 0x0D, UInt8(ascii: ":")].contains($0) }
        return rest.starts(with: Array("[[[".utf8))
    }

    /// Converts the selected drawing of an ndjson file.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        var lineNumber = 0
        var start = 0
        var done = bytes.isEmpty
        while !done {
            lineNumber += 1
            let end = nextNewline(in: bytes, from: start)
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            start = end + 1
            done = start >= bytes.count
            let blank = line.allSatisfy { [0x20, 0x09].contains($0) }
            switch options.selection {
            case .first:
                if !blank { return try readLine(line, number: lineNumber, limits: options.limits) }
            case .line(let n):
                guard lineNumber == n else { continue }
                if blank { throw InkImportError(format, at: "line \(n)", "expected a drawing, got a blank line") }
                return try readLine(line, number: n, limits: options.limits)
            case .keyID(let id):
                guard !blank, let needle = try? JSONSerialization.data(withJSONObject: id, options: [.fragmentsAllowed]),
                      range(of: [UInt8](needle), in: line) != nil
                else { continue }
                let object = try InterchangeJSON.parse(line, format, at: "line \(lineNumber)", limits: options.limits)
                if let o = object as? [String: Any], (o["key_id"] as? String) == id {
                    return try readLine(line, number: lineNumber, limits: options.limits, parsed: object)
                }
            }
        }
        switch options.selection {
        case .first: throw InkImportError(format, at: "", "expected at least one drawing, got an empty file")
        case .line(let n): throw InkImportError(format, at: "line \(n)", "expected a drawing, the file has \(lineNumber) line\(lineNumber == 1 ? "" : "s")")
        case .keyID(let id): throw InkImportError(format, at: "", "expected a drawing with key_id \"\(id)\", found none in \(lineNumber) line\(lineNumber == 1 ? "" : "s")")
        }
    }

    private static func readLine(_ line: ArraySlice<UInt8>, number: Int, limits: StrokeJSONDecoder.Limits, parsed: Any? = nil) throws(InkImportError) -> Drawing {
        let here = "line \(number)"
        let object: Any
        if let parsed { object = parsed } else { object = try InterchangeJSON.parse(line, format, at: here, limits: limits) }
        guard let o = object as? [String: Any] else {
            throw InkImportError(format, at: here, "expected an object with a \"drawing\", got \(InterchangeJSON.typeName(object))")
        }
        guard let drawing = o["drawing"] as? [Any] else {
            throw InkImportError(format, at: here + ": drawing", "expected an array of strokes, got \(InterchangeJSON.quote(o["drawing"]))")
        }
        var strokes: [Stroke] = []
        var total = 0
        var allSimplified = true
        for (i, item) in drawing.enumerated() {
            let path = "\(here): drawing[\(i)]"
            let shape = "[[x…], [y…]] or [[x…], [y…], [t…]] of equal length"
            guard let channels = item as? [Any], channels.count == 2 || channels.count == 3,
                  let xs = channels[0] as? [Any], let ys = channels[1] as? [Any], xs.count == ys.count,
                  channels.count == 2 || (channels[2] as? [Any])?.count == xs.count
            else {
                throw InkImportError(format, at: path, "expected \(shape), got \(InterchangeJSON.quote(item))")
            }
            guard !xs.isEmpty else { throw InkImportError(format, at: path, "expected at least one point, got none") }
            total += xs.count
            try InterchangeJSON.checkCounts(strokes: i + 1, points: xs.count, total: total, at: path, format)
            let ts = channels.count == 3 ? channels[2] as? [Any] : nil
            allSimplified = allSimplified && ts == nil
            var points: [StrokePoint] = []
            points.reserveCapacity(xs.count)
            var t0 = 0.0, previous = 0.0
            for j in xs.indices {
                let x = try InterchangeJSON.coordinate(xs[j], at: "\(path)[0][\(j)]", format)
                let y = try InterchangeJSON.coordinate(ys[j], at: "\(path)[1][\(j)]", format)
                var offset = 0.0
                if let ts {
                    let t = try InterchangeJSON.requireNumber(ts[j], at: "\(path)[2][\(j)]", format, expected: "a time in ms ≥ 0", in: 0...1e15)
                    if j == 0 { t0 = t }
                    offset = max(previous, (t - t0) / 1000)
                    previous = offset
                }
                points.append(StrokePoint(location: Point2D(x: x, y: y), timeOffset: offset))
            }
            let created = Date(timeIntervalSince1970: t0 / 1000)
            strokes.append(Stroke(ink: Ink(.monoline), path: StrokePath(points: points, creationDate: created)))
        }
        return Drawing(strokes: strokes, canvas: allSimplified && !strokes.isEmpty ? Size2D(width: 256, height: 256) : nil)
    }

    /// The index of the first `\n` at or after `start`, or `bytes.count` (memchr: a 30 MB line
    /// is found in milliseconds even in debug builds).
    private static func nextNewline(in bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        return bytes.withUnsafeBytes { raw in
            guard let found = memchr(raw.baseAddress! + start, 0x0A, raw.count - start) else { return raw.count }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    private static func range<C: Collection>(of needle: C, in hay: ArraySlice<UInt8>) -> Range<Int>? where C.Element == UInt8 {
        let n = Array(needle)
        guard let first = n.first, hay.count >= n.count else { return nil }
        var i = hay.startIndex
        while i <= hay.endIndex - n.count {
            if hay[i] == first, hay[i..<(i + n.count)].elementsEqual(n) { return i..<(i + n.count) }
            i += 1
        }
        return nil
    }

    private static func range(of needle: String, in hay: ArraySlice<UInt8>) -> Range<Int>? {
        range(of: Array(needle.utf8), in: hay)
    }
}
