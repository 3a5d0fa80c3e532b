import InklingBase
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
            flags: [.init("quiet", short: "q", help: "Print nothing for valid files."),
                    .init("json", help: "Print one JSON document: every file with its summary or its problem.")]
        ).including(InputFormatOptions.spec).including(DecodingLimitOptions.spec))

    var paths: [String]
    var quiet: Bool
    var json: Bool
    var limits: DecodingLimitOptions
    var source: InputFormatOptions

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        paths = arguments.positionals
        quiet = arguments.flag("quiet")
        json = arguments.flag("json")
        if quiet && json { throw .usage("--quiet and --json both say what to print; give one") }
        limits = try DecodingLimitOptions(arguments)
        source = try InputFormatOptions(arguments)
        if paths.filter({ $0 == "-" }).count > 1 { throw .usage("standard input (-) can be named only once") }
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        var worst = ExitCode.success
        var files: [JSONValue] = []
        for path in paths {
            let name = DrawingInput.displayName(path)
            do {
                let drawing = try DrawingInput.drawing(at: path, limits: limits.limits, input: source, io: io)
                if json {
                    var entry = DrawingSummary.json(for: drawing).object ?? [:]
                    entry["path"] = .string(name)
                    entry["valid"] = true
                    files.append(.object(entry))
                } else if !quiet {
                    try io.print("\(name): ok: \(DrawingSummary.line(for: drawing))")
                }
            } catch {
                io.writeError("inkling validate: \(error.message)")
                if json {
                    let problem = error.message.hasPrefix(name + ": ") ? String(error.message.dropFirst(name.count + 2)) : error.message
                    files.append(["path": .string(name), "valid": false, "error": .string(problem)])
                }
                if worst == .success || error.exitCode == .io { worst = error.exitCode }
            }
        }
        if json {
            let valid = files.filter { $0.object?["valid"] == true }.count
            var writer = JSONWriter(pretty: true)
            writer.value(["files": .array(files), "valid": .int(Int64(valid)), "invalid": .int(Int64(files.count - valid))])
            try io.print(writer.text)
        }
        return worst
    }
}
