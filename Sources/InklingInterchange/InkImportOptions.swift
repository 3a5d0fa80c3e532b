import InklingBase
import InklingStrokes

/// Choices an import may need beyond the bytes.
public struct InkImportOptions: Sendable, Hashable {
    /// Which drawing of a multi-drawing file to take (Quick, Draw! ndjson).
    public enum Selection: Sendable, Hashable {
        /// The first drawing.
        case first
        /// The drawing on this 1-based line.
        case line(Int)
        /// The drawing whose `key_id` is this.
        case keyID(String)
    }

    /// Which drawing to take from a multi-drawing file.
    public var selection: Selection
    /// Largest accepted input, in bytes (checked before parsing).
    public var maxBytes: Int
    /// The limits the drawing is held to; importers also size their pre-parse budgets from them
    /// (see ``ImportBudget``). ``InkReader`` sets them to the limits it is given.
    public var limits: StrokeJSONDecoder.Limits

    /// A stroke shape applied to every stroke read, its fields replacing the strokes' own
    /// (``Drawing/reshaped(by:)``); `nil` keeps what the document and the importer chose.
    public var shape: StrokeShape?

    /// What one pass over a larger document already counted in these bytes (a drawing inside a
    /// request, ``JSONNesting/members(in:depthLimit:)-([UInt8],_)``): the budget checks these
    /// counts instead of scanning the bytes again. Used only when its byte count is the
    /// document's; `nil` (the default) scans as usual.
    public var scanned: JSONNesting.Member?

    /// Creates options.
    public init(
        selection: Selection = .first, maxBytes: Int = 64 << 20, limits: StrokeJSONDecoder.Limits = .default,
        shape: StrokeShape? = nil
    ) {
        self.selection = selection
        self.shape = shape
        self.maxBytes = maxBytes
        self.limits = limits
    }
}
