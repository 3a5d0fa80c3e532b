/// Guesses the format of an ink document from its first bytes.
///
/// Inkling's canonical stroke JSON is recognised first (a JSON object naming
/// `"format"` and `"inkling.drawing"` near the start); then each importer in ``importers`` is
/// asked in order, most specific first, and the first whose `looksLike` says yes wins.
public enum InkFormatDetector {
    /// How far into the document the canonical markers are looked for.
    static let sniffLength = 4096

    /// The importers this build has, in the order detection asks them.
    public static let importers: [any InkImporter.Type] = [
        InkMLImporter.self,
        ExcalidrawImporter.self,
        TldrawImporter.self,
        QuickDrawImporter.self,
        PointerEventsImporter.self,
        FreehandImporter.self,
    ]

    /// The importer for `format`, or `nil` when this build has none (or for canonical).
    public static func importer(for format: InkFormat) -> (any InkImporter.Type)? {
        importers.first { $0.format == format }
    }

    /// The formats this build reads: canonical plus each registered importer's.
    public static var supportedFormats: [InkFormat] {
        InkFormat.allCases.filter { $0 == .canonical || importer(for: $0) != nil }
    }

    /// The format `bytes` appear to be in, or `nil` when none matches.
    public static func detect(_ bytes: [UInt8]) -> InkFormat? {
        if looksCanonical(bytes) { return .canonical }
        return importers.first { $0.looksLike(bytes) }?.format
    }

    /// Whether `bytes` start like a canonical document: optional BOM and whitespace, `{`, and
    /// both `"format"` and `"inkling.drawing"` within ``sniffLength`` bytes.
    public static func looksCanonical(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(sniffLength)
        var index = head.startIndex
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < head.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        guard index < head.endIndex, head[index] == UInt8(ascii: "{") else { return false }
        return contains(head, Array(#""format""#.utf8)) && contains(head, Array(#""inkling.drawing""#.utf8))
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var i = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
