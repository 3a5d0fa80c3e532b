import InklingStrokes

/// Reads one ink format into the canonical ``Drawing``.
public protocol InkImporter: Sendable {
    /// The format this importer reads.
    static var format: InkFormat { get }
    /// Whether `bytes` look like this format (a cheap sniff of the start of the document, used
    /// by ``InkFormatDetector``); must not throw or parse the whole document.
    static func looksLike(_ bytes: [UInt8]) -> Bool
    /// What ``looksLike(_:)`` did not find, one short phrase (`no <ink> element near the start`),
    /// for the error about a document no importer recognised.
    static var notRecognised: String { get }
    /// Converts a document. Every error names where in the document the problem is.
    static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing

    /// Converts a document and appends one-line notices about what the import left out (for
    /// example element types the format has but drawings don't). Importers that skip nothing
    /// use the default, which adds no notices.
    static func read(_ bytes: [UInt8], options: InkImportOptions, notices: inout [String]) throws(InkImportError) -> Drawing
}

extension InkImporter {
    /// Reads with no notices to report.
    public static func read(_ bytes: [UInt8], options: InkImportOptions, notices: inout [String]) throws(InkImportError) -> Drawing {
        try read(bytes, options: options)
    }
}
