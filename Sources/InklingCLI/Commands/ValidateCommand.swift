import InklingStrokes

/// `inkling validate`: checks stroke JSON documents and summarises each valid one.
struct ValidateCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check drawings (stroke JSON or any supported ink format) against the format and limits.",
        discussion: """
        Prints one line per file: a summary when it is valid, or the JSON path and the problem
        when it is not (on stderr). Exits 0 when every file is valid, 1 when any is not.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("drawing", help: "Drawing in any supported format (see docs/formats.md), or - for standard input.", repeats: true)],
            flags: [.init("quiet", short: "q", help: "Print nothing for valid files.")]
        ).including(InputFormatOptions.spec).including(DecodingLimitOptions.spec))

    var paths: [String]
    var quiet: Bool
    var limits: DecodingLimitOptions
    var source: InputFormatOptions

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        paths = arguments.positionals
        quiet = arguments.flag("quiet")
        limits = try DecodingLimitOptions(arguments)
        source = try InputFormatOptions(arguments)
        if paths.filter({ $0 == "-" }).count > 1 { throw .usage("standard input (-) can be named only once") }
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        var worst = ExitCode.success
        for path in paths {
            do {
                let drawing = try DrawingInput.drawing(at: path, limits: limits.limits, input: source, io: io)
                if !quiet { try io.print("\(DrawingInput.displayName(path)): ok: \(DrawingSummary.line(for: drawing))") }
            } catch {
                io.writeError("inkling validate: \(error.message)")
                if worst == .success || error.exitCode == .io { worst = error.exitCode }
            }
        }
        return worst
    }
}
