/// Why an ink document could not be imported: the format, where in it, and what was wrong.
public struct InkImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The format being read.
    public var format: InkFormat
    /// Where the problem is, in the format's own terms (`events[12].pressure`, `line 3`,
    /// `trace 2, point 17`); empty for the whole document.
    public var location: String
    /// What was expected and what was found, one line.
    public var message: String

    /// Creates an error; line breaks of every kind in `location` and `message` (`\n`, `\r`,
    /// U+2028 …, which a parser's message may quote from the input) become spaces.
    public init(_ format: InkFormat, at location: String, _ message: String) {
        self.format = format
        self.location = Self.oneLine(location)
        self.message = Self.oneLine(message)
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `pointer-events: events[12].pressure: expected a number 0…1, got "hard"`.
    public var description: String {
        location.isEmpty ? "\(format.rawValue): \(message)" : "\(format.rawValue): \(location): \(message)"
    }
}
