import Foundation
import InklingBase
import InklingStrokes

/// Reads Quick, Draw! ndjson (one drawing per line) into a ``Drawing``.
///
/// ## Lines and selection
/// The file is scanned line by line over its bytes; only the selected line is parsed as JSON
/// (``InkImportOptions/selection``): `.first` takes the first non-blank line, `.line(n)` the
/// n-th physical line (1-based, blank lines count), `.keyID(id)` the first line whose `key_id`
/// is the string `id` (a line is parsed only when its bytes contain `"id"`). Errors name the line:
/// `line 3: drawing[1]: expected [[x…], [y…]] …`. A file holding one drawing object over several
/// lines (pretty-printed) is read as that drawing: when its first line is not a whole JSON value,
/// the whole file is tried as one.
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

    /// Why ``looksLike(_:)`` says no, for the error about a document no importer recognised.
    public static let notRecognised = #"no object with "drawing": [[[…]]] near the start"#

    /// Whether the first line is an object with a `"drawing"` key holding `[[[`.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = InterchangeJSON.head(bytes, limit: 8192)
        guard head.first == UInt8(ascii: "{") else { return false }
        guard !InterchangeJSON.namesOtherFormat(head), let key = range(of: "\"drawing\"", in: head) else { return false }
        // Pretty-printed or not: whitespace and line breaks between the brackets do not count.
        let rest = head[key.upperBound...].lazy.filter { ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains($0) }.prefix(3)
        return rest.starts(with: Array("[[[".utf8))
    }

    /// Converts the selected drawing of an ndjson file.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        let budget = ImportBudget(format, options: options)
        var lineNumber = 0
        var start = 0
        var done = bytes.isEmpty
        var firstContent = true
        while !done {
            lineNumber += 1
            let end = nextNewline(in: bytes, from: start)
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            start = end + 1
            done = start >= bytes.count
            let blank = line.allSatisfy { [0x20, 0x09].contains($0) }
            // The first non-blank line is parsed once, here: it tells ndjson from one drawing.
            var parsed: JSONDocument?
            if !blank, firstContent {
                firstContent = false
                switch firstLine(line, of: bytes, budget: budget) {
                case .line(let document):
                    parsed = document
                case .neither:
                    break  // parsed again below, for the line's error
                case .whole(let whole):
                    if case .keyID(let id) = options.selection, whole.root["key_id"]?.string != id {
                        throw InkImportError(format, at: "", "expected a drawing with key_id \"\(id)\", found none in the file's one drawing")
                    }
                    if case .line(let n) = options.selection, n != lineNumber {
                        throw InkImportError(format, at: "line \(n)", "the file is one drawing over several lines, starting on line \(lineNumber)")
                    }
                    return try readLine(whole, number: lineNumber)
                }
            }
            /// This line as JSON: the first line's parse, or a parse now.
            func lineDocument() throws(InkImportError) -> JSONDocument {
                if let parsed { return parsed }
                return try parse(line, number: lineNumber, budget: budget)
            }
            switch options.selection {
            case .first:
                if !blank { return try readLine(try lineDocument(), number: lineNumber) }
            case .line(let n):
                guard lineNumber == n else { continue }
                if blank { throw InkImportError(format, at: "line \(n)", "expected a drawing, got a blank line") }
                return try readLine(try lineDocument(), number: n)
            case .keyID(let id):
                // Only lines that may hold the key are parsed: those holding it between quotes,
                // and those with an escape (which could spell it otherwise).
                guard !blank, range(of: [0x22] + Array(id.utf8) + [0x22], in: line) != nil || line.contains(0x5C) else { continue }
                let document = try lineDocument()
                if document.root["key_id"]?.string == id {
                    return try readLine(document, number: lineNumber)
                }
            }
        }
        switch options.selection {
        case .first: throw InkImportError(format, at: "", "expected at least one drawing, got an empty file")
        case .line(let n): throw InkImportError(format, at: "line \(n)", "expected a drawing, the file has \(lineNumber) line\(lineNumber == 1 ? "" : "s")")
        case .keyID(let id): throw InkImportError(format, at: "", "expected a drawing with key_id \"\(id)\", found none in \(lineNumber) line\(lineNumber == 1 ? "" : "s")")
        }
    }

    /// What the first non-blank line of a file is.
    private enum FirstLine {
        /// A JSON value of its own (ndjson): the line, parsed.
        case line(JSONDocument)
        /// Not a value of its own, but the whole file is one (a pretty-printed drawing).
        case whole(JSONDocument)
        /// Neither: the line's own error is the one to report.
        case neither
    }

    /// Parses the first non-blank line, and the whole file when the line is no JSON value.
    private static func firstLine(_ line: ArraySlice<UInt8>, of bytes: [UInt8], budget: ImportBudget) -> FirstLine {
        if let document = try? budget.parse(line) { return .line(document) }
        return (try? budget.parse(bytes[...])).map(FirstLine.whole) ?? .neither
    }

    /// Parses one line within the budget; errors name the line.
    private static func parse(_ line: ArraySlice<UInt8>, number: Int, budget: ImportBudget) throws(InkImportError) -> JSONDocument {
        do {
            return try budget.parse(line)
        } catch {
            throw InkImportError(format, error, in: "line \(number)")
        }
    }

    private static func readLine(_ document: JSONDocument, number: Int) throws(InkImportError) -> Drawing {
        do {
            return try drawing(document.root)
        } catch {
            throw InkImportError(format, error, in: "line \(number)")
        }
    }

    private static func drawing(_ o: JSONNode) throws(JSONError) -> Drawing {
        guard o.kind == .object else { throw o.error("expected an object with a \"drawing\", got \(o.typeName)") }
        guard let drawing = o.member("drawing") else { throw InterchangeJSON.missing("drawing", in: o, expected: "an array of strokes") }
        guard drawing.kind == .array else { throw drawing.expected("an array of strokes") }
        var strokes: [Stroke] = []
        var total = 0
        var allSimplified = true
        for (i, item) in drawing.elements.enumerated() {
            let shape = "[[x…], [y…]] or [[x…], [y…], [t…]] of equal length"
            let channels = item.elements
            guard channels.count == 2 || channels.count == 3, channels[0].kind == .array, channels[1].kind == .array,
                  channels[0].count == channels[1].count,
                  channels.count == 2 || (channels[2].kind == .array && channels[2].count == channels[0].count)
            else {
                throw item.expected(shape)
            }
            let xs = channels[0].elements, ys = channels[1].elements
            guard !xs.isEmpty else { throw item.error("expected at least one point, got none") }
            total += xs.count
            try InterchangeJSON.checkCounts(strokes: i + 1, points: xs.count, total: total, at: item)
            let ts = channels.count == 3 ? channels[2].elements : nil
            allSimplified = allSimplified && ts == nil
            var points: [StrokePoint] = []
            points.reserveCapacity(xs.count)
            var t0 = 0.0, previous = 0.0
            for j in xs.indices {
                let x = try InterchangeJSON.coordinate(xs[j])
                let y = try InterchangeJSON.coordinate(ys[j])
                var offset = 0.0
                if let ts {
                    let t = try ts[j].requireNumber(in: 0...1e15, expected: "a time in ms ≥ 0")
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
