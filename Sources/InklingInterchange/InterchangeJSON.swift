import Foundation
import InklingBase
import InklingStrokes

/// Shared helpers for the JSON-based importers (Pointer Events, Quick, Draw!, perfect-freehand):
/// size and nesting checks before parsing, Foundation parsing, strict number reading and
/// short quotations of offending values for one-line errors.
///
/// Documents are parsed with Foundation's `JSONSerialization` (json-c is reserved for the
/// canonical format). Before parsing, the bytes are scanned once (``ImportBudget``) for nesting
/// deeper than ``maxDepth`` and for more values or longer arrays than the drawing's limits can
/// use, so that hostile documents (`[[[[…` ten thousand deep, or millions of tiny values) are
/// refused cheaply, before Foundation builds a tree.
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

    /// Parses one JSON value (arrays, objects, numbers, strings, booleans, null), after
    /// ``ImportBudget/check(_:at:)`` has refused nesting and sizes the drawing's `limits` cannot use.
    static func parse(
        _ bytes: ArraySlice<UInt8>, _ format: InkFormat, at location: String = "", limits: StrokeJSONDecoder.Limits
    ) throws(InkImportError) -> Any {
        try ImportBudget(format, limits: limits).check(bytes, at: location)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw InkImportError(format, at: location, "invalid JSON: starts with a byte order mark")
        }
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not well-formed"
            throw InkImportError(format, at: location, "invalid JSON: \(detail)")
        }
    }

    /// Whether `value` is a JSON boolean (Foundation hands booleans over as `NSNumber` too).
    static func isBool(_ value: Any) -> Bool {
        if value is Bool, !(value is NSNumber) { return true }
        guard let n = value as? NSNumber else { return false }
        let type = String(cString: n.objCType)
        return type == "c" || type == "B"
    }

    /// The finite number `value` holds, or `nil` for anything else (strings, booleans, overflow).
    static func number(_ value: Any) -> Double? {
        if value is String || isBool(value) { return nil }
        if let d = value as? Double, d.isFinite { return d }
        if let i = value as? Int { return Double(i) }
        if let n = value as? NSNumber, n.doubleValue.isFinite { return n.doubleValue }
        return nil
    }

    /// Whether `value` is JSON `null`.
    static func isNull(_ value: Any?) -> Bool { value is NSNull }

    /// A short JSON-like quotation of `value` for error messages, cut after about 40 characters.
    static func quote(_ value: Any?) -> String {
        let text: String
        switch value {
        case nil: text = "none"
        case is NSNull: text = "null"
        case let s as String: text = "\"\(s)\""
        case let v? where isBool(v): text = (v as? NSNumber)?.boolValue == true ? "true" : "false"
        case let a as [Any]: text = a.isEmpty ? "[]" : "[" + a.prefix(4).map { quote($0) }.joined(separator: ",") + (a.count > 4 ? ",…]" : "]")
        case let o as [String: Any]: text = o.isEmpty ? "{}" : "{" + o.keys.sorted().prefix(4).map { "\"\($0)\":…" }.joined(separator: ",") + (o.count > 4 ? ",…}" : "}")
        case let n as NSNumber: text = n.stringValue
        case let v?: text = "\(v)"
        }
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > 40 ? String(flat.prefix(40)) + "…" : flat
    }

    /// The JSON type of `value`, in words, for messages.
    static func typeName(_ value: Any?) -> String {
        switch value {
        case nil: return "none"
        case is NSNull: return "null"
        case is String: return "a string"
        case let v? where isBool(v): return "a boolean"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case let v? where number(v) != nil: return "a number"
        default: return "a non-finite number"
        }
    }

    /// Reads a finite number, checking `range` when given; the error names `path`.
    static func requireNumber(
        _ value: Any?, at path: String, _ format: InkFormat, expected: String = "a finite number",
        in range: ClosedRange<Double>? = nil
    ) throws(InkImportError) -> Double {
        guard let v = value, let d = number(v), range.map({ $0.contains(d) }) ?? true else {
            throw InkImportError(format, at: path, "expected \(expected), got \(quote(value))")
        }
        return d
    }

    /// Like ``requireNumber(_:at:_:expected:in:)`` but `nil` when the value is absent or `null`.
    static func optionalNumber(
        _ value: Any?, at path: String, _ format: InkFormat, expected: String = "a finite number",
        in range: ClosedRange<Double>? = nil
    ) throws(InkImportError) -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        return try requireNumber(value, at: path, format, expected: expected, in: range)
    }

    /// Reads a coordinate: finite and within the canonical format's `maxCoordinate`.
    static func coordinate(_ value: Any?, at path: String, _ format: InkFormat) throws(InkImportError) -> Double {
        let m = limits.maxCoordinate
        return try requireNumber(value, at: path, format, expected: "a finite number with |v| ≤ \(NumberText.compact(m))", in: -m...m)
    }

    /// Throws when a stroke or the drawing grows past the canonical limits.
    static func checkCounts(strokes: Int, points: Int, total: Int, at path: String, _ format: InkFormat) throws(InkImportError) {
        if strokes > limits.maxStrokes {
            throw InkImportError(format, at: path, "expected at most \(limits.maxStrokes) strokes, got more")
        }
        if points > limits.maxPointsPerStroke {
            throw InkImportError(format, at: path, "expected at most \(limits.maxPointsPerStroke) points in a stroke, got more")
        }
        if total > limits.maxTotalPoints {
            throw InkImportError(format, at: path, "expected at most \(limits.maxTotalPoints) points in all, got more")
        }
    }

    /// Reads an optional `{width, height}` canvas (both > 0 and within `maxCanvasSide`).
    static func canvas(_ value: Any?, at path: String, _ format: InkFormat) throws(InkImportError) -> Size2D? {
        guard let value, !(value is NSNull) else { return nil }
        guard let o = value as? [String: Any] else {
            throw InkImportError(format, at: path, "expected an object {width, height}, got \(quote(value))")
        }
        let side = limits.maxCanvasSide
        let expected = "a number in (0, \(NumberText.compact(side))]"
        let w = try requireNumber(o["width"], at: path + ".width", format, expected: expected, in: Double.leastNonzeroMagnitude...side)
        let h = try requireNumber(o["height"], at: path + ".height", format, expected: expected, in: Double.leastNonzeroMagnitude...side)
        return Size2D(width: w, height: h)
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

    /// Whether the head names another JSON ink format (canonical, Excalidraw, tldraw), so that
    /// the looser sniffs never claim them.
    static func namesOtherFormat(_ head: ArraySlice<UInt8>) -> Bool {
        ["inkling.drawing", "\"excalidraw\"", "tldrawFileFormatVersion", "\"schema\"", "\"store\""]
            .contains { contains(head, $0) }
    }
}
