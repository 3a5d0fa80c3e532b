import CJSONC
import InklingBase
import Foundation

/// Parses and validates Inkling stroke JSON (`docs/stroke-json.md`) into a ``Drawing``.
///
/// Parsing uses json-c in strict mode; the size limit is checked before a single byte is parsed,
/// nesting is bounded by the parser itself, and every other rule is checked while the parsed tree
/// is walked. Any problem throws one ``StrokeJSONError`` naming the JSON path; no input crashes.
///
/// ```swift
/// let drawing = try StrokeJSONDecoder().decode(bytes)
/// ```
public struct StrokeJSONDecoder: Sendable {
    /// The limits this decoder enforces.
    public var limits: Limits

    /// Creates a decoder with the given limits.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Decodes a drawing from the bytes of a stroke JSON document.
    public func decode(_ bytes: [UInt8]) throws(StrokeJSONError) -> Drawing {
        try limits.checkSize(byteCount: bytes.count)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(StrokeJSONError) -> Drawing in try decodeSized(raw) }
        }
        return try result.get()
    }

    /// Decodes a drawing from `Data`; the same as ``decode(_:)-([UInt8])`` without a copy.
    public func decode(_ data: Data) throws(StrokeJSONError) -> Drawing {
        try limits.checkSize(byteCount: data.count)
        let result = data.withUnsafeBytes { raw in
            Result { () throws(StrokeJSONError) -> Drawing in try decodeSized(raw) }
        }
        return try result.get()
    }

    /// Decodes a drawing from bytes whose values were counted already by the one pass over the
    /// document they are part of (a drawing inside a request: ``JSONNesting/Member``): the
    /// counts are held to the limits instead of scanning the bytes again.
    public func decode(_ bytes: ArraySlice<UInt8>, scanned counts: JSONNesting.Counts) throws(StrokeJSONError) -> Drawing {
        try limits.checkSize(byteCount: bytes.count)
        try limits.checkCounts(counts)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(StrokeJSONError) -> Drawing in try parseAndWalk(raw) }
        }
        return try result.get()
    }

    /// Parses and walks a buffer whose size has already been checked against the limits.
    private func decodeSized(_ raw: UnsafeRawBufferPointer) throws(StrokeJSONError) -> Drawing {
        try limits.checkCounts(in: raw)
        return try parseAndWalk(raw)
    }

    /// Parses a buffer whose size and counts passed the limits, and walks its tree.
    private func parseAndWalk(_ raw: UnsafeRawBufferPointer) throws(StrokeJSONError) -> Drawing {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(raw, maxDepth: limits.effectiveDepth)
        } catch {
            throw StrokeJSONError(error)
        }
        return try decode(document.root)
    }

    /// Decodes a drawing from a value of a document parsed already (a drawing inside a request
    /// or a recipe): no bytes are parsed again. Paths in errors are the drawing's own
    /// (`strokes[0]…`), as if it had been sent alone. The drawing's byte size was bounded by
    /// whoever parsed the document; its strokes and points are bounded here.
    public func decode(_ node: JSONNode) throws(StrokeJSONError) -> Drawing {
        try withExtendedLifetime(node.document) { () throws(StrokeJSONError) -> Drawing in
            var reader = DrawingReader(limits: limits)
            return try reader.readDrawing(node.pointer)
        }
    }

    /// Reads a stroke shape object (`{"preset": "freehand", "size": 8}`) from a document parsed
    /// already, by the rules of a drawing's `shape`; `nil` for an empty object. Paths in errors
    /// are the node's own (`shape.size`).
    public func decodeShape(_ node: JSONNode) throws(StrokeJSONError) -> StrokeShape? {
        try withExtendedLifetime(node.document) { () throws(StrokeJSONError) -> StrokeShape? in
            try DrawingReader(limits: limits).readShape(node.pointer, path: node.path.description)
        }
    }
}
