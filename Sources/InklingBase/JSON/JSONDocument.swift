import CJSONC
import Foundation

/// A JSON document parsed by json-c: Inkling's one JSON reader. Owns the tree and frees it in
/// `deinit`.
///
/// ``parse(_:limits:)`` checks the size, then scans the bytes once (``JSONNesting``) for nesting
/// and for more values or longer arrays than ``JSONLimits`` allow, then validates UTF-8, and
/// only then lets json-c (strict mode) build the tree. Read it through ``root``, a ``JSONNode``
/// that tracks JSON paths for one-line ``JSONError``s.
///
/// ```swift
/// let document = try JSONDocument.parse(bytes, limits: JSONLimits(maxBytes: 1 << 20))
/// let fields = try document.root.fields(allowed: ["prompt", "limit"])
/// let limit = try fields.integer("limit", in: 1...4) ?? 1
/// ```
///
/// Values inside the tree are borrowed json-c pointers that stay valid while the document is
/// alive; every ``JSONNode`` holds its document, and only the JSON layer and the stroke decoder
/// (package access) ever see a pointer.
public final class JSONDocument {
    /// The root value; `nil` when the document is the JSON literal `null`.
    package let rootPointer: OpaquePointer?

    private init(root: OpaquePointer?) {
        self.rootPointer = root
    }

    deinit {
        json_object_put(rootPointer)
    }

    /// The whole document, at path `$`.
    public var root: JSONNode { JSONNode(document: self, pointer: rootPointer, parent: nil, step: nil) }

    /// Parses `bytes` within `limits`: size, one counting scan, UTF-8, then json-c.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits) throws(JSONError) -> JSONDocument {
        try limits.checkSize(byteCount: bytes.count)
        let result = bytes.withUnsafeBytes { raw in Result { () throws(JSONError) in try parseSized(raw, limits: limits) } }
        return try result.get()
    }

    /// Parses a slice of bytes within `limits` (no copy).
    public static func parse(_ bytes: ArraySlice<UInt8>, limits: JSONLimits) throws(JSONError) -> JSONDocument {
        try limits.checkSize(byteCount: bytes.count)
        let result = bytes.withUnsafeBytes { raw in Result { () throws(JSONError) in try parseSized(raw, limits: limits) } }
        return try result.get()
    }

    /// Parses raw bytes within `limits` (no copy).
    public static func parse(_ bytes: UnsafeRawBufferPointer, limits: JSONLimits) throws(JSONError) -> JSONDocument {
        try limits.checkSize(byteCount: bytes.count)
        return try parseSized(bytes, limits: limits)
    }

    /// Parses bytes whose values were counted already, by the one pass over a larger document
    /// they are part of (``JSONNesting/members(in:depthLimit:)-([UInt8],_)``): `counts` are
    /// checked against `limits` instead of scanning again; json-c bounds the nesting.
    public static func parse(_ bytes: ArraySlice<UInt8>, limits: JSONLimits, scanned counts: JSONNesting.Counts) throws(JSONError) -> JSONDocument {
        try limits.checkSize(byteCount: bytes.count)
        try limits.check(counts)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try parse(raw, maxDepth: limits.effectiveDepth) }
        }
        return try result.get()
    }

    private static func parseSized(_ bytes: UnsafeRawBufferPointer, limits: JSONLimits) throws(JSONError) -> JSONDocument {
        let depth = limits.effectiveDepth
        try limits.check(JSONNesting.count(in: bytes, depthLimit: depth, maxValues: limits.maxValues, maxArrayCount: limits.maxArrayCount))
        return try parse(bytes, maxDepth: depth)
    }

    /// Parses `bytes` as exactly one strict JSON value followed by optional whitespace.
    ///
    /// The bytes must be UTF-8 (checked by ``UTF8Validation``, faster than json-c's own check);
    /// json-c then runs with `JSON_TOKENER_STRICT`, limited to `maxDepth` levels of nesting. json-c keeps object keys as C strings, so a `\u0000`
    /// escape would silently truncate a key; such documents are rejected up front.
    /// For readers that ran their own budget scan (the stroke decoder, whose messages name its limits).
    package static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(JSONError) -> JSONDocument {
        try checkText(bytes)
        return try parseChecked(bytes, maxDepth: maxDepth)
    }

    /// Checks what json-c does not, or not well, before it parses: the text is not empty, has no
    /// byte order mark, is UTF-8, and has no `\u0000` escape. Text that passes may be parsed in
    /// pieces by ``parseChecked(_:maxDepth:)`` and ``parseElements(_:maxDepth:)`` (every piece
    /// of checked text is checked text when it is cut between JSON tokens).
    package static func checkText(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
        guard bytes.count > 0 else {
            throw syntaxError("expected a JSON document, got empty input", offset: nil, in: bytes)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw syntaxError("expected a JSON value, got a UTF-8 byte order mark (remove it)", offset: 0, in: bytes)
        }
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw syntaxError("expected UTF-8 text, got an invalid byte sequence", offset: offset, in: bytes)
        }
        if let offset = escapedNULOffset(in: bytes) {
            throw syntaxError("expected no \\u0000 escapes in strings (unsupported), got one", offset: offset, in: bytes)
        }
    }

    /// Parses text that passed ``checkText(_:)``: json-c, strict, at most `maxDepth` levels.
    package static func parseChecked(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(JSONError) -> JSONDocument {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw syntaxError("expected a JSON document, got empty input", offset: nil, in: bytes)
        }
        // json-c spends one level on every value, scalars included: N nested containers with
        // scalars inside need N + 1.
        guard let tokener = json_tokener_new_ex(Int32(maxDepth + 1)) else {
            throw syntaxError("could not allocate a JSON parser", offset: nil, in: bytes)
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
        var root = json_tokener_parse_ex(tokener, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        var status = json_tokener_get_error(tokener)
        let end = json_tokener_get_parse_end(tokener)
        if status == json_tokener_continue {
            // Everything was consumed but json-c may still be waiting for the end of a top-level
            // scalar (`1`, `true`): a NUL byte means "end of input" to json-c.
            var terminator: CChar = 0
            root = json_tokener_parse_ex(tokener, &terminator, 1)
            status = json_tokener_get_error(tokener)
            if status == json_tokener_success {
                return JSONDocument(root: root)
            }
            json_object_put(root)
            status = json_tokener_continue
        }
        let document = JSONDocument(root: root)

        switch status {
        case json_tokener_success:
            break
        case json_tokener_continue:
            throw syntaxError("expected more JSON, got the end of the input (truncated document)", offset: bytes.count, in: bytes)
        case json_tokener_error_depth:
            throw JSONError(
                kind: .tooDeep, path: JSONError.documentPath,
                message: "expected at most \(maxDepth) levels of nesting (maxDepth), got deeper \(location(of: end, in: bytes))")
        default:
            let description = json_tokener_error_desc(status).map { String(cString: $0) } ?? "error \(status.rawValue)"
            throw syntaxError("invalid JSON: \(description)", offset: end, in: bytes)
        }
        var index = Int(end)
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: throw syntaxError("expected the end of the document, got more data", offset: index, in: bytes)
            }
        }
        return document
    }

    /// Parses the elements of an array written without its brackets (`{…},{…}`: a run of one
    /// array's elements, cut from checked text between two of its commas) as that array, at
    /// most `maxDepth` levels deep counting the array. json-c reads `[`, the bytes and `]` in
    /// turn, so the bytes are not copied.
    ///
    /// Errors say what json-c found, at an offset within `bytes`; a caller that cut `bytes` out
    /// of a larger text reads that text whole to report a refusal in its terms.
    package static func parseElements(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(JSONError) -> JSONDocument {
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max),
              let tokener = json_tokener_new_ex(Int32(maxDepth + 1)) else {
            throw syntaxError("expected array elements, got none", offset: nil, in: bytes)
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
        var open = CChar(UInt8(ascii: "[")), close = CChar(UInt8(ascii: "]"))
        var root = json_tokener_parse_ex(tokener, &open, 1)
        if root == nil, json_tokener_get_error(tokener) == json_tokener_continue {
            root = json_tokener_parse_ex(tokener, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
            if root == nil, json_tokener_get_error(tokener) == json_tokener_continue,
               Int(json_tokener_get_parse_end(tokener)) == bytes.count {
                root = json_tokener_parse_ex(tokener, &close, 1)
                if let root, json_tokener_get_error(tokener) == json_tokener_success, json_tokener_get_parse_end(tokener) == 1,
                   json_object_get_type(root) == json_type_array {
                    return JSONDocument(root: root)
                }
            }
        }
        let status = json_tokener_get_error(tokener)
        json_object_put(root)
        let description = json_tokener_error_desc(status).map { String(cString: $0) } ?? "error \(status.rawValue)"
        throw syntaxError("invalid array elements: \(description)", offset: Int(json_tokener_get_parse_end(tokener)), in: bytes)
    }

    /// The offset of the first `\u0000` escape, honouring `\\` pairs; `nil` when there is none.
    /// Uses `memchr`, so documents without backslashes cost one fast scan.
    private static func escapedNULOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            guard let hit = memchr(base + index, 0x5C, count - index) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            guard at + 1 < count else { return nil }
            if bytes[at + 1] == 0x75, at + 5 < count,                                   // "u"
               bytes[at + 2] == 0x30, bytes[at + 3] == 0x30, bytes[at + 4] == 0x30, bytes[at + 5] == 0x30 {
                return at
            }
            index = at + 2  // skip the escaped character, so "\\" never starts a new escape
        }
        return nil
    }

    private static func syntaxError(_ message: String, offset: Int?, in bytes: UnsafeRawBufferPointer) -> JSONError {
        let text = offset.map { "\(message) \(location(of: $0, in: bytes))" } ?? message
        return JSONError(kind: .syntax, path: JSONError.documentPath, message: text)
    }

    /// `at byte N (line L, column C)`, counting bytes from 0 and lines and columns from 1.
    private static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
        let clamped = min(max(offset, 0), bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<clamped where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return "at byte \(clamped) (line \(line), column \(clamped - lineStart + 1))"
    }
}
