/// The row filter a PNG is written with (PNG specification, section 9).
public enum PNGRowFilter: Int32, Sendable, Hashable, CaseIterable {
    /// libpng picks a filter per row among all five (the default: usually the smallest file).
    case adaptive = 0
    /// No filter: the fastest to write; fine for images that are mostly one flat value.
    case none = 0x08
    /// Each byte minus the one to its left.
    case sub = 0x10
    /// Each byte minus the one above it.
    case up = 0x20
    /// Each byte minus the average of left and above.
    case average = 0x40
    /// Each byte minus the Paeth predictor of left, above and upper-left.
    case paeth = 0x80
}
