import Foundation
import InklingImageIO
import InklingInterchange
import InklingStrokes

/// `inkling convert`: reads a drawing in any supported ink format and writes canonical stroke
/// JSON (either point layout) or SVG.
struct ConvertCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "convert",
        abstract: "Convert a drawing between ink formats (to stroke JSON or SVG).",
        discussion: """
        Reads canonical stroke JSON, Pointer Events recordings, InkML, Quick, Draw! ndjson,
        Excalidraw, tldraw or perfect-freehand arrays (detected from the content unless --from
        says), and writes canonical stroke JSON or SVG (pressure-sensitive outlines as filled
        paths). The output format follows the output's extension (.svg → svg, else json) unless
        --to says. Files are written atomically; an existing file is kept unless --overwrite, and
        the input itself, links, FIFOs and devices are never replaced. See docs/formats.md for each mapping.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("input", help: "The drawing, or - for standard input.")],
            options: [
                .init("output", short: "o", value: "file", help: "Where to write; - writes to standard output."),
                .init("to", value: "format", help: "json or svg.", default: "from the output's extension"),
                .init("layout", value: "layout", help: "JSON point layout: objects or columnar.", default: "objects"),
            ],
            flags: [.init("pretty", help: "Indent the JSON output."), .init("overwrite", help: "Replace an existing output file.")]
        ).including(InputFormatOptions.spec).including(StrokeShapeOptions.spec).including(DecodingLimitOptions.spec))

    var input: String
    var output: String
    var target: ConvertTarget
    var layout: StrokeJSONEncoder.Layout
    var pretty: Bool
    var overwrite: Bool
    var source: InputFormatOptions
    var shape: StrokeShapeOptions
    var limits: DecodingLimitOptions

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        input = arguments.positionals[0]
        guard let output = try arguments.value("output", as: String.self), !output.isEmpty else {
            throw .usage("missing --output (-o) file; use -o - for standard output")
        }
        self.output = output
        target = try arguments.value("to", as: ConvertTarget.self) ?? ConvertTarget.implied(by: output)
        if let raw = arguments.options["layout"] {
            guard let layout = StrokeJSONEncoder.Layout(rawValue: raw) else {
                throw .usage("invalid value '\(raw)' for --layout: expected objects or columnar")
            }
            self.layout = layout
        } else {
            layout = .objects
        }
        pretty = arguments.flag("pretty")
        overwrite = arguments.flag("overwrite")
        if target == .svg && (arguments.options["layout"] != nil || pretty) {
            throw .usage("--layout and --pretty apply to JSON output, not svg")
        }
        source = try InputFormatOptions(arguments)
        shape = try StrokeShapeOptions(arguments)
        limits = try DecodingLimitOptions(arguments)
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let file = output == "-" ? nil : OutputFile(path: output, overwrite: overwrite, inputPaths: [input])
        try file?.check()
        let drawing = try DrawingInput.drawing(at: input, limits: limits.limits, input: source, shape: shape.shape, io: io)
        let bytes: [UInt8]
        switch target {
        case .json:
            bytes = StrokeJSONEncoder(layout: layout, prettyPrinted: pretty).encode(drawing) + (pretty ? [0x0A] : [])
        case .svg:
            bytes = SVGExporter().exportBytes(drawing)
        }
        if let file { try file.write(bytes) } else { try io.write(bytes) }
        return .success
    }
}
