import InklingBase
import InklingStrokes

/// How much parsed structure a document in one format may hold, sized from the limits its
/// drawing is held to, checked in one pass over the bytes before any parser builds a tree.
///
/// json-c spends about a hundred bytes on each value it builds (an object's table several
/// hundred, and libxml2 hundreds on each element), so a document of millions of tiny values
/// costs gigabytes before a single point limit could be checked. Each format's structure is
/// known: a Quick, Draw! point is at most 3 numbers, a perfect-freehand point at most an object
/// of 3 keyed numbers, and so on. The budget counts the values (keys included) and the longest
/// array with ``JSONNesting/count(in:depthLimit:maxValues:maxArrayCount:)-(UnsafeRawBufferPointer,_,_,_)``
/// and refuses a document that needs more than a drawing within the limits can use: `values ≤
/// valuesPerPoint × maxTotalPoints + valuesPerStroke × maxStrokes + 4096`, and no array longer
/// than ``maxArrayCount``. The factors per format are in ``init(_:limits:)`` and documented in
/// docs/formats.md. ``parse(_:)`` applies it as the reader's ``JSONLimits`` (``jsonLimits``), so
/// the scan runs once, inside ``JSONDocument/parse(_:limits:)-(ArraySlice<UInt8>,_)``, before
/// json-c builds anything; ``check(_:at:)`` runs the scan alone, for documents read a piece at
/// a time.
public struct ImportBudget: Sendable, Hashable {
    /// The format budgeted.
    public let format: InkFormat
    /// Most values (JSON) or elements (XML) one point may take in this format.
    let valuesPerPoint: Int
    /// Most values or elements one stroke (or a skipped element or shape) may take besides its points.
    let valuesPerStroke: Int
    /// Most elements of any one array.
    public let maxArrayCount: Int
    /// Most values (JSON, keys included) or elements (XML) of the whole document.
    public let maxValues: Int
    /// Deepest nesting of arrays and objects.
    public let maxDepth: Int

    /// Counts of the document made by one pass over a larger one (``InkImportOptions/scanned``).
    public var scanned: JSONNesting.Member?

    /// Values a document may have beyond its points and strokes (metadata, app state).
    public static let overhead = 4096

    /// The budget of `format` under `limits`.
    public init(_ format: InkFormat, limits: StrokeJSONDecoder.Limits) {
        self.format = format
        let perStroke = max(limits.maxPointsPerStroke, limits.maxStrokes)
        let (point, stroke, array): (Int, Int, Int)
        switch format {
        case .quickdraw:
            // [[x…], [y…], [t…]]: three numbers a point; a stroke is four arrays.
            (point, stroke, array) = (3, 4, perStroke)
        case .freehand:
            // {"x":…, "y":…, "pressure":…} is seven values; [x, y, p] is four. A stroke of the demo
            // app's state is a shape record with its style: about 50 values.
            (point, stroke, array) = (7, 64, perStroke)
        case .excalidraw:
            // [dx, dy] and a pressure a point; other elements count as strokes of ~64 values.
            (point, stroke, array) = (4, 128, perStroke)
        case .tldraw:
            // {"x":…, "y":…, "z":…} a point; a record of ~64 values a shape (or any record).
            (point, stroke, array) = (7, 128, perStroke)
        case .pointerEvents:
            // An event object names at most ~30 properties: 64 values; hover events and
            // `pointerup`s add up to one event more per point and stroke.
            (point, stroke, array) = (128, 128, 2 &* limits.maxTotalPoints &+ 2 &* limits.maxStrokes)
        case .inkml:
            // Points are text inside <trace>; each trace may come with a handful of definitions.
            (point, stroke, array) = (0, 16, perStroke)
        case .canonical:
            (point, stroke, array) = (21, 64, perStroke)
        }
        valuesPerPoint = point
        valuesPerStroke = stroke
        maxArrayCount = array
        maxValues = point &* limits.maxTotalPoints &+ stroke &* limits.maxStrokes &+ Self.overhead
        maxDepth = InterchangeJSON.maxDepth
    }

    /// The budget as the JSON reader's limits (the byte size is the importer's to check).
    public var jsonLimits: JSONLimits {
        JSONLimits(maxBytes: .max, maxDepth: maxDepth, maxValues: maxValues, maxArrayCount: maxArrayCount)
    }

    /// The budget of `format` under `options`' limits, taking the counts `options` carry
    /// (``InkImportOptions/scanned``) instead of scanning the same bytes again.
    public init(_ format: InkFormat, options: InkImportOptions) {
        self.init(format, limits: options.limits)
        scanned = options.scanned
    }

    /// Parses `bytes` within the budget: one counting scan, then json-c (``JSONDocument``).
    /// A refusal names the option to raise (`… split the drawing or raise --max-total-points`);
    /// paths are the document's own (`$` for the document).
    public func parse(_ bytes: ArraySlice<UInt8>) throws(JSONError) -> JSONDocument {
        do {
            if let counts = counted(bytes) { return try JSONDocument.parse(bytes, limits: jsonLimits, scanned: counts) }
            return try JSONDocument.parse(bytes, limits: jsonLimits)
        } catch {
            guard error.kind == .tooDeep || error.kind == .limitExceeded else { throw error }
            // Say which budget ran out in this format's words. The scan stops where the budget
            // ran out, so counting again costs no more than the refusal did.
            throw refusal(counting: bytes) ?? error
        }
    }

    /// Throws a one-line ``InkImportError`` (at `location`) when `bytes` nest deeper than
    /// ``maxDepth``, hold an array longer than ``maxArrayCount`` or more values than
    /// ``maxValues``. One linear pass; nothing is allocated for the document.
    public func check(_ bytes: ArraySlice<UInt8>, at location: String = "") throws(InkImportError) {
        guard let problem = refusal(counting: bytes) else { return }
        throw InkImportError(format, problem, in: location)
    }

    /// Parses `bytes`, a part of a document that already passed this budget's scan
    /// (``checkScan(_:)``), without counting it again; errors are at `label` when given (what the
    /// file calls the part: `strokes[3]`), else at the part's own paths.
    func parseCounted(_ bytes: ArraySlice<UInt8>, at label: String? = nil) throws(JSONError) -> JSONDocument {
        let parsed = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try JSONDocument.parse(raw, maxDepth: jsonLimits.effectiveDepth) }
        }
        do {
            return try parsed.get()
        } catch {
            guard let label else { throw error }
            throw JSONError(kind: error.kind, path: label, message: error.message)
        }
    }

    /// Throws the refusal, at `$`, when `bytes` break the budget: the scan of ``check(_:at:)``,
    /// for importers that parse the document a piece at a time.
    func checkScan(_ bytes: ArraySlice<UInt8>) throws(JSONError) {
        if let counts = counted(bytes) {
            do { try jsonLimits.check(counts) } catch { throw refusal(counting: bytes) ?? error }
            return
        }
        if let problem = refusal(counting: bytes) { throw problem }
    }

    /// The counts one earlier pass made of exactly these bytes, when it did.
    private func counted(_ bytes: ArraySlice<UInt8>) -> JSONNesting.Counts? {
        guard let scanned, scanned.range.count == bytes.count else { return nil }
        return scanned.counts
    }

    /// The refusal of `bytes`, at `$`, or `nil` when they keep within the budget.
    private func refusal(counting bytes: ArraySlice<UInt8>) -> JSONError? {
        let counts = JSONNesting.count(in: bytes, depthLimit: maxDepth, maxValues: maxValues, maxArrayCount: maxArrayCount)
        if let offset = counts.depthViolation {
            return JSONError(kind: .tooDeep, path: JSONError.documentPath,
                             message: "expected at most \(maxDepth) levels of nesting, got deeper at byte \(offset)")
        }
        if counts.largestArray > maxArrayCount {
            return JSONError(kind: .limitExceeded, path: JSONError.documentPath,
                             message: "an array holds more than the \(maxArrayCount) elements a drawing within the limits can use; split the drawing or raise --max-points-per-stroke")
        }
        if counts.values > maxValues {
            return JSONError(kind: .limitExceeded, path: JSONError.documentPath,
                             message: "the document holds more than the \(maxValues) JSON values a drawing within the limits can use; split the drawing or raise --max-total-points")
        }
        return nil
    }

    /// Throws when an XML document has more `<` than ``maxValues`` (every element, comment and
    /// processing instruction starts with one), before libxml2 builds its tree.
    func checkMarkup(_ bytes: [UInt8]) throws(InkImportError) {
        var tags = 0
        for byte in bytes where byte == UInt8(ascii: "<") { tags &+= 1 }
        guard tags > maxValues else { return }
        throw InkImportError(format, at: "", "the document holds \(tags) tags, more than the \(maxValues) a drawing within the limits can use; split the drawing or raise --max-strokes")
    }
}
