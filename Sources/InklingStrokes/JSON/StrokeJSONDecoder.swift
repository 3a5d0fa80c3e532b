import CJSONC
import InklingBase
import Foundation

/// Parses and validates Inkling stroke JSON (`docs/stroke-json.md`) into a ``Drawing``.
///
/// Parsing uses json-c in strict mode; the size limit is checked before a single byte is parsed,
/// nesting is bounded by the parser itself, and every other rule is checked while the parsed tree
/// is walked. In documents of 256 KiB or more, long `points` arrays are parsed and read in runs
/// of 64 points rather than as one tree (``PointCutting``), with the same answers. Any problem throws one ``StrokeJSONError`` naming the JSON path; no input crashes.
///
/// ```swift
/// let drawing = try StrokeJSONDecoder().decode(bytes)
/// ```
public struct StrokeJSONDecoder: Sendable {
    /// The limits this decoder enforces.
    public var limits: Limits

    /// How the objects layout's long `points` arrays are parsed: in runs (see
    /// ``PointCutting``), or with the rest of the document when `nil`. Package-visible so that
    /// tests and the fuzz target can hold the two ways to the same answers.
    package var pointCutting: PointCutting? = .default

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
        if let drawing = decodeInRuns(raw) { return drawing }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(raw, maxDepth: limits.effectiveDepth)
        } catch {
            throw StrokeJSONError(error)
        }
        return try decode(document.root)
    }

    /// Decodes a drawing whose long `points` arrays (objects layout) are cut into runs: json-c
    /// parses the rest of the document, then each run in turn, and the reader reads and frees
    /// one run before the next is parsed. The same values as the whole tree, at a fraction of
    /// its memory: json-c's tree of the objects layout is about 20 times the text, a run's
    /// about 80 KB.
    /// `nil` when there is nothing to cut or anything at all is wrong, refusals included: the
    /// caller then reads the document whole, and that reading's error is the one reported, so
    /// cutting never changes an answer.
    package func decodeInRuns(_ raw: UnsafeRawBufferPointer) -> Drawing? {
        // A run nests three levels below the document (drawing, strokes, stroke).
        let depth = limits.effectiveDepth
        guard let cutting = pointCutting, raw.count >= cutting.minimumBytes, depth >= 5,
              let cuts = JSONArrayCuts.find(in: raw, outer: "strokes", inner: "points",
                                            runLength: cutting.runLength, minimumCount: cutting.minimumCount),
              !cuts.arrays.isEmpty else { return nil }
        do {
            try JSONDocument.checkText(raw)
            let skeleton = cuts.skeleton(of: raw)
            let document = try skeleton.withUnsafeBytes { try JSONDocument.parseChecked($0, maxDepth: depth) }
            var reader = DrawingReader(
                limits: limits, pointRuns: DrawingReader.PointRuns(cuts: cuts.arrays, bytes: raw, maxDepth: depth - 3))
            return try withExtendedLifetime(document) { try reader.readDrawing(document.rootPointer) }
        } catch {
            return nil
        }
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

    /// Decodes one stroke object of stroke JSON (an element of a drawing's `strokes`) from a
    /// document parsed already: a live session's `{"type": "stroke", "stroke": {…}}`. Every rule
    /// of a drawing's strokes applies, ``Limits/maxPointsPerStroke`` and
    /// ``Limits/maxTotalPoints`` (for this stroke alone) included; the document's byte size and
    /// nesting were bounded by whoever parsed it. Paths in errors are the node's own
    /// (`stroke.points[3].x`).
    public func decodeStroke(_ node: JSONNode) throws(StrokeJSONError) -> Stroke {
        try withExtendedLifetime(node.document) { () throws(StrokeJSONError) -> Stroke in
            var reader = DrawingReader(limits: limits)
            return try reader.readStroke(node.pointer, index: 0, path: node.path.description)
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

    /// When and how long `points` arrays of the objects layout are cut into runs for parsing.
    package struct PointCutting: Sendable, Hashable {
        /// Points per run.
        package var runLength: Int
        /// The fewest points an array must have to be cut.
        package var minimumCount: Int
        /// The smallest document whose arrays are cut.
        package var minimumBytes: Int

        /// Runs of `runLength` points, for arrays of at least `minimumCount` in documents of at
        /// least `minimumBytes`.
        package init(runLength: Int, minimumCount: Int, minimumBytes: Int = 0) {
            self.runLength = runLength
            self.minimumCount = minimumCount
            self.minimumBytes = minimumBytes
        }

        /// Runs of 64 points, for arrays of at least 128, in documents of 256 KiB or more.
        ///
        /// Shorter runs cost more in json-c's start-up than they save; longer ones outgrow the
        /// cache. Below 256 KiB (json-c's tree of such a document, about 20 times its size, still
        /// fits this machine class's caches) runs saved nothing under `inkling serve`'s
        /// allocator settings and cost it the extra scan; above, they read a 2.3 MB drawing
        /// in three quarters of the time and half the memory, and a 17 MB one 1.5–2.2 times
        /// faster in a fifth of the memory
        /// (`Benchmarks/README.md`, "Reading long points arrays in runs").
        package static let `default` = PointCutting(runLength: 64, minimumCount: 128, minimumBytes: 256 << 10)
    }
}
