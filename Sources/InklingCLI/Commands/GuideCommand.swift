import InklingBase
import Foundation
import InklingGuidance
import InklingImageIO
import InklingStrokes

/// `inkling guide`: rasterizes a drawing into a guidance map PNG.
struct GuideCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "guide",
        abstract: "Rasterize a drawing (any supported ink format) into a guidance map PNG.",
        discussion: """
        The map is rendered from the vectors directly at the requested size. Encodings:
          scribble    white lines on black (what ControlNet scribble/lineart expects)
          soft        the scribble blurred: a region of suggestion rather than an edge
          distance    distance field: bright on the strokes, fading with distance
          confidence  brightness from pressure and drawing speed (light, fast = weak)
        The PNG carries its recipe (encoding, size, fit, drawing SHA-256) in text chunks and is
        written atomically: an interrupted run leaves no partial file. An existing file is kept
        unless --overwrite; the drawing itself, links, FIFOs and devices are never replaced.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("drawing", help: "Drawing in any supported format (stroke JSON, Pointer Events, InkML, Quick, Draw!, Excalidraw, tldraw, perfect-freehand), or - for standard input.")],
            options: [
                .init("output", short: "o", value: "file.png", help: "Where to write the PNG; - writes to standard output."),
                .init("size", value: "WxH", help: "Output size in pixels.", default: "512x512"),
                .init("encoding", value: "name", help: "scribble, soft, distance or confidence.", default: "scribble"),
                .init("fit", value: "policy", help: "fit (letterbox), fill (crop) or stretch.", default: "fit"),
                .init("padding", value: "fraction", help: "Margin as a fraction of the shorter side, 0…0.45.", default: "0.05"),
                .init("line-width", value: "px", help: "Minimum line width in output pixels.", default: "1.5"),
                .init("softness", value: "px", help: "Blur radius (sigma) for the soft encoding; default scales with size."),
            ],
            flags: [.init("overwrite", help: "Replace an existing output file.")]
        ).including(InputFormatOptions.spec).including(StrokeShapeOptions.spec).including(DecodingLimitOptions.spec))

    var input: String
    var output: String
    var overwrite: Bool
    var options: GuidanceOptions
    var limits: DecodingLimitOptions
    var source: InputFormatOptions
    var shape: StrokeShapeOptions

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        input = arguments.positionals[0]
        guard let output = try arguments.value("output", as: String.self), !output.isEmpty else {
            throw .usage("missing --output (-o) file.png; use -o - for standard output")
        }
        try OutputFile.requirePNGName(output, option: "--output", why: "a guidance map must stay exact, and JPEG would blur its edges")
        self.output = output
        overwrite = arguments.flag("overwrite")
        let size = try arguments.value("size", as: ImageSize.self) ?? ImageSize(width: 512, height: 512)
        var options = GuidanceOptions(width: size.width, height: size.height)
        options.encoding = try arguments.value("encoding", as: GuidanceEncoding.self) ?? options.encoding
        options.fit = try arguments.value("fit", as: FitPolicy.self) ?? options.fit
        if let padding = try arguments.value("padding", as: Double.self) {
            guard (0...0.45).contains(padding) else { throw .usage("--padding must be within 0…0.45, got \(NumberText.compact(padding))") }
            options.padding = padding
        }
        if let width = try arguments.value("line-width", as: Double.self) {
            guard (0...256).contains(width) else { throw .usage("--line-width must be within 0…256 pixels, got \(NumberText.compact(width))") }
            options.minimumLineWidth = width
        }
        if let softness = try arguments.value("softness", as: Double.self) {
            guard softness > 0, softness <= 512 else { throw .usage("--softness must be within 0…512 pixels, got \(NumberText.compact(softness))") }
            options.softness = softness
        }
        self.options = options
        limits = try DecodingLimitOptions(arguments)
        source = try InputFormatOptions(arguments)
        shape = try StrokeShapeOptions(arguments)
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        if output == "-" && io.outputIsTerminal {
            throw .usage("refusing to write a PNG to the terminal; redirect standard output or use -o file.png")
        }
        let file = output == "-" ? nil : OutputFile(path: output, overwrite: overwrite, inputPaths: [input])
        try file?.check()
        let drawing = try DrawingInput.drawing(at: input, limits: limits.limits, input: source, shape: shape.shape, io: io)
        let map: GuidanceMap
        do {
            map = try GuidanceRenderer(options: options).render(drawing)
        } catch {
            throw CommandFailure(.failure, "cannot render \(DrawingInput.displayName(input)): \(error.description)")
        }
        let bytes: [UInt8]
        do {
            bytes = try PNGCodec.encode(PNGDocument(image: map.image, text: recipe(for: drawing)))
        } catch {
            throw CommandFailure(.failure, "cannot encode the guidance map: \(error.description)")
        }
        if let file { try file.write(bytes) } else { try io.write(bytes) }
        return .success
    }

    /// The text chunks that record how the map was made.
    func recipe(for drawing: Drawing) -> [PNGTextChunk] {
        let canonical = StrokeJSONEncoder(layout: .objects).encode(drawing)
        let fields: [(String, String)] = [
            ("encoding", options.encoding.rawValue),
            ("width", "\(options.width)"),
            ("height", "\(options.height)"),
            ("fit", options.fit.rawValue),
            ("padding", NumberText.compact(options.padding)),
            ("minimumLineWidth", NumberText.compact(options.minimumLineWidth)),
            ("softness", options.softness.map(NumberText.compact) ?? "default"),
            ("drawingSHA256", SHA256.hex(of: canonical)),
        ]
        return [
            PNGTextChunk(keyword: "Software", text: "Inkling \(RootCommand.version)"),
            PNGTextChunk(keyword: "inkling:guidance", text: fields.map { "\($0.0)=\($0.1)" }.joined(separator: "\n")),
        ]
    }
}
