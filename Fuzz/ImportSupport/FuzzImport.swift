// The check every importer target makes: read the bytes as one format and hold the outcome to
// the properties below.

import InklingFuzzSupport
import InklingInterchange
import InklingStrokes

/// The importer property check shared by the seven importer targets.
public enum FuzzImport {
    /// Reads `bytes` as `format` through ``InkReader`` (with ``Fuzz/limits`` and a 1 MiB byte
    /// cap) and checks:
    /// - an error is one line and names `format`;
    /// - notices are one line each;
    /// - a drawing keeps within the limits and survives the canonical JSON round trip (an
    ///   import is a valid canonical drawing; ink colours may round to 8 bits a channel);
    /// - reading the same bytes again gives the same drawing (no hidden state).
    public static func check(_ bytes: [UInt8], as format: InkFormat) {
        let options = InkImportOptions(maxBytes: 1 << 20)
        var notices: [String] = []
        let drawing: Drawing
        do {
            drawing = try InkReader.read(bytes, format: format, options: options, limits: Fuzz.limits, notices: &notices)
        } catch {
            Fuzz.requireOneLine(error.description, "\(format.rawValue) error")
            if error.format != format { Fuzz.fail("reading as \(format.rawValue) failed as \(error.format.rawValue): \(error)") }
            return
        }
        for notice in notices { Fuzz.requireOneLine(notice, "\(format.rawValue) notice") }
        Fuzz.requireWithinLimits(drawing, Fuzz.limits, "\(format.rawValue) drawing")
        Fuzz.requireCanonicalRoundTrip(drawing, Fuzz.limits, "\(format.rawValue) drawing", quantizedColors: true)
        guard let again = try? InkReader.read(bytes, format: format, options: options, limits: Fuzz.limits),
              again == drawing else {
            Fuzz.fail("\(format.rawValue): a second read of the same bytes differs")
        }
    }
}
