import InklingBase
import InklingStrokes

/// What the JSON importers (Pointer Events, Quick, Draw!, perfect-freehand, Excalidraw, tldraw)
/// share on top of InklingBase's reader: the size check, the canonical format's ranges
/// (coordinates, counts, the canvas), a node's error moved to where its document sits in the
/// file, and the sniffing helpers.
///
/// Documents are parsed by ``ImportBudget/parse(_:)`` (one counting scan sized from the drawing's
/// limits, then json-c) and read through ``JSONNode``: readers throw ``JSONError`` at the value's
/// JSON path, and each importer turns it into an ``InkImportError`` where it knows where the
/// document sits in the file (``InkImportError/init(_:_:in:)``).
enum InterchangeJSON {
    /// Deepest nesting of arrays and objects accepted by the JSON importers.
    static let maxDepth = 64
    /// The canonical format's limits: importers refuse what the canonical decoder would refuse,
    /// so that every imported drawing round-trips through stroke JSON.
    static let limits = StrokeJSONDecoder.Limits.default

    /// Throws when `count` bytes exceed `options.maxBytes`.
    static func checkSize(_ count: Int, _ options: InkImportOptions, _ format: InkFormat) throws(InkImportError) {
        guard count > options.maxBytes else { return }
        throw InkImportError(format, at: "", "expected at most \(options.maxBytes) bytes (maxBytes), got \(count) bytes")
    }

    // MARK: Values

    /// The member `key` of `object` as a finite number within `range` (when given): absent is
    /// `expected …, got none`, `null` is `got null`.
    static func number(
        _ object: JSONNode, _ key: String, expected: String = "a finite number", in range: ClosedRange<Double>? = nil
    ) throws(JSONError) -> Double {
        guard let value = object.member(key) else { throw missing(key, in: object, expected: expected) }
        return try value.requireNumber(in: range, expected: expected)
    }

    /// Like ``number(_:_:expected:in:)`` but `nil` when the member is absent or `null`.
    static func optionalNumber(
        _ object: JSONNode, _ key: String, expected: String = "a finite number", in range: ClosedRange<Double>? = nil
    ) throws(JSONError) -> Double? {
        guard let value = object[key] else { return nil }
        return try value.requireNumber(in: range, expected: expected)
    }

    /// The error for a required member `key` that `object` lacks: `expected …, got none`.
    static func missing(_ key: String, in object: JSONNode, expected: String) -> JSONError {
        JSONError(kind: .missingKey, path: object.path.appending(.key(key)).description, message: "expected \(expected), got none")
    }

    /// What a coordinate must be: finite and within the canonical format's `maxCoordinate`.
    static let coordinateExpectation = "a finite number with |v| ≤ \(NumberText.compact(limits.maxCoordinate))"

    /// A coordinate: finite and within the canonical format's `maxCoordinate`.
    static func coordinate(_ node: JSONNode) throws(JSONError) -> Double {
        let m = limits.maxCoordinate
        return try node.requireNumber(in: -m...m, expected: coordinateExpectation)
    }

    /// The member `key` of `object` as a coordinate (required).
    static func coordinate(_ object: JSONNode, _ key: String) throws(JSONError) -> Double {
        let m = limits.maxCoordinate
        return try number(object, key, expected: coordinateExpectation, in: -m...m)
    }

    /// What breaks the canonical counts when a drawing has `strokes` strokes, a stroke `points`
    /// points and the drawing `total` points; `nil` when nothing does.
    static func countProblem(strokes: Int, points: Int, total: Int) -> String? {
        if strokes > limits.maxStrokes { return "expected at most \(limits.maxStrokes) strokes, got more" }
        if points > limits.maxPointsPerStroke { return "expected at most \(limits.maxPointsPerStroke) points in a stroke, got more" }
        if total > limits.maxTotalPoints { return "expected at most \(limits.maxTotalPoints) points in all, got more" }
        return nil
    }

    /// Throws, at `node`, when the counts break the canonical limits (see ``countProblem(strokes:points:total:)``).
    static func checkCounts(strokes: Int, points: Int, total: Int, at node: JSONNode) throws(JSONError) {
        guard let problem = countProblem(strokes: strokes, points: points, total: total) else { return }
        throw node.error(problem, kind: .limitExceeded)
    }

    /// The optional member `key` of `object` as a `{width, height}` canvas (both > 0 and within
    /// `maxCanvasSide`).
    static func canvas(_ object: JSONNode, _ key: String) throws(JSONError) -> Size2D? {
        guard let value = object[key] else { return nil }
        guard value.kind == .object else { throw value.expected("an object {width, height}") }
        let side = limits.maxCanvasSide
        let expected = "a number in (0, \(NumberText.compact(side))]"
        let w = try number(value, "width", expected: expected, in: Double.leastNonzeroMagnitude...side)
        let h = try number(value, "height", expected: expected, in: Double.leastNonzeroMagnitude...side)
        return Size2D(width: w, height: h)
    }

    // MARK: Documents parsed from part of a file

    /// `error`, raised in a document parsed from part of the file, with `node`'s path (`$`, or
    /// `[3]` for an element of a batch) replaced by `label`, what the file calls that value
    /// (`events[515]`, `canvas`): `[3].pressure` under `[3]` as `events[515]` is
    /// `events[515].pressure`. An error elsewhere is returned as it is (it was relocated already,
    /// or concerns another value).
    static func relocate(_ error: JSONError, from node: JSONNode, to label: String) -> JSONError {
        let prefix = node.path.location
        let path = error.location
        let rest: String
        if prefix.isEmpty {
            rest = path.isEmpty || path.first == "[" ? path : "." + path
        } else if path.hasPrefix(prefix), [nil, ".", "["].contains(path.dropFirst(prefix.count).first) {
            rest = String(path.dropFirst(prefix.count))
        } else {
            return error
        }
        return JSONError(kind: error.kind, path: label + rest, message: error.message)
    }

    // MARK: Sniffing

    /// The first `limit` bytes with leading whitespace removed.
    static func head(_ bytes: [UInt8], limit: Int = 4096) -> ArraySlice<UInt8> {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        return bytes[start..<min(bytes.count, start + limit)]
    }

    /// Whether `haystack` contains `needle` (ASCII, case-sensitive).
    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first, haystack.count >= n.count else { return false }
        var i = haystack.startIndex
        let last = haystack.endIndex - n.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }

    /// Whether `bytes`, anywhere, hold the member `"key": "value"` (whitespace allowed around
    /// the colon, as pretty-printers write it): one pass, for formats whose telling record may
    /// come after the head (a tldraw store's first shape after its document and instance records).
    static func containsMember(_ bytes: ArraySlice<UInt8>, key: String, value: String) -> Bool {
        let k = Array("\"\(key)\"".utf8), v = Array("\"\(value)\"".utf8)
        var i = bytes.startIndex
        while i + k.count <= bytes.endIndex {
            guard bytes[i] == k[0], bytes[i..<(i + k.count)].elementsEqual(k) else { i += 1; continue }
            var j = i + k.count
            while j < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
            if j < bytes.endIndex, bytes[j] == UInt8(ascii: ":") {
                j += 1
                while j < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                if j + v.count <= bytes.endIndex, bytes[j..<(j + v.count)].elementsEqual(v) { return true }
            }
            i += k.count
        }
        return false
    }

    /// The bytes of the value of the top-level member `key` (`"excalidraw"`, quotes included),
    /// found by one pass over the whole document (``JSONNesting/members(in:depthLimit:maxMembers:)-([UInt8],_,_)``):
    /// for formats whose telling key may come anywhere, as a writer that sorts keys puts an
    /// Excalidraw scene's `"type"` after all its elements. `nil` when the document is not one
    /// JSON object or has no such member.
    static func topLevelValue(_ bytes: [UInt8], key: String) -> ArraySlice<UInt8>? {
        guard head(bytes, limit: 1).first == UInt8(ascii: "{"),
              let members = JSONNesting.members(in: bytes, depthLimit: 64, maxMembers: 4096) else { return nil }
        let quoted = Array("\"\(key)\"".utf8)
        var i = 0
        while i + 1 < members.count {
            if bytes[members[i].range].elementsEqual(quoted) { return bytes[members[i + 1].range] }
            i += 2
        }
        return nil
    }

    /// Whether the head names another JSON ink format (canonical, Excalidraw, tldraw), so that
    /// the looser sniffs never claim them.
    static func namesOtherFormat(_ head: ArraySlice<UInt8>) -> Bool {
        ["inkling.drawing", "\"excalidraw\"", "tldrawFileFormatVersion", "\"schema\"", "\"store\""]
            .contains { contains(head, $0) }
    }
}

extension InkImportError {
    /// `error`, from a document read as `format`, located in the file: `place` (where the
    /// document sits, `line 3`; empty for the whole file) and the error's JSON path, joined by
    /// `: `. Syntax errors read `invalid JSON: …`.
    init(_ format: InkFormat, _ error: JSONError, in place: String = "") {
        let location = [place, error.location].filter { !$0.isEmpty }.joined(separator: ": ")
        let message = error.kind == .syntax && !error.message.hasPrefix("invalid JSON") ? "invalid JSON: " + error.message : error.message
        self.init(format, at: location, message)
    }
}
