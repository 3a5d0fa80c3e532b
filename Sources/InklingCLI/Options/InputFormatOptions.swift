import InklingInterchange
import InklingStrokes

/// `--from`, `--line` and `--key-id`: which ink format a drawing is in and which drawing of a
/// multi-drawing file to take; shared by every command that reads a drawing.
struct InputFormatOptions: Sendable {
    /// The format to read, or `nil` to detect it.
    var format: InkFormat?
    /// Which drawing of a multi-drawing file to take.
    var selection: InkImportOptions.Selection

    /// Auto-detection, first drawing.
    static let auto = InputFormatOptions(format: nil, selection: .first)

    /// The words `--from` accepts.
    static var formatNames: [String] { ["auto"] + InkFormat.allCases.map(\.rawValue) }

    /// The options this group adds to a command.
    static let spec = ArgumentSpec(options: [
        .init("from", value: "format", help: "Input format: \(formatNames.joined(separator: ", ")).", default: "auto"),
        .init("line", value: "n", help: "Quick, Draw! ndjson: take the drawing on this line (1-based)."),
        .init("key-id", value: "id", help: "Quick, Draw! ndjson: take the drawing with this key_id."),
    ])

    /// Creates options.
    init(format: InkFormat?, selection: InkImportOptions.Selection) {
        self.format = format
        self.selection = selection
    }

    /// Reads and validates the group's options.
    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        let from = try arguments.value("from", as: String.self) ?? "auto"
        if from == "auto" {
            format = nil
        } else if let format = InkFormat(rawValue: from) {
            self.format = format
        } else {
            throw .usage("invalid value '\(from)' for --from: expected one of \(Self.formatNames.joined(separator: ", "))")
        }
        let line = try arguments.value("line", as: Int.self)
        let key = try arguments.value("key-id", as: String.self)
        switch (line, key) {
        case (.some, .some):
            throw .usage("--line and --key-id both pick a drawing; give one")
        case (let line?, nil):
            guard line >= 1 else { throw .usage("--line must be at least 1, got \(line)") }
            selection = .line(line)
        case (nil, let key?):
            guard !key.isEmpty else { throw .usage("--key-id needs a non-empty id") }
            selection = .keyID(key)
        case (nil, nil):
            selection = .first
        }
    }

    /// Import options for a document no larger than `maxBytes`, `shape` applied to its strokes.
    func importOptions(maxBytes: Int, shape: StrokeShape? = nil) -> InkImportOptions {
        InkImportOptions(selection: selection, maxBytes: maxBytes, shape: shape)
    }
}
