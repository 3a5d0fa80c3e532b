import Inkling
import InklingBase

/// The `inkling` command tree: picks a subcommand, handles `--help` and `--version`.
package enum RootCommand {
    /// The Inkling release this build is.
    package static let version = InklingImageCreator.version

    /// Every subcommand, in the order `--help` lists them.
    static let subcommands: [any InklingCommand.Type] = [GuideCommand.self, ValidateCommand.self, RenderCommand.self, ConvertCommand.self, InspectCommand.self, ContactSheetCommand.self, CompareCommand.self, RegressCommand.self, DoctorCommand.self, ServeCommand.self, WorkerCommand.self, ClusterCommand.self, LiveCommand.self]

    /// Runs `inkling` with `arguments` (without the program name) and returns the exit status.
    package static func main(arguments: [String], io: any CommandIO = StandardIO()) async -> Int32 {
        let status = await dispatch(arguments: arguments, io: io)
        // Nothing could be said about a failed write to standard error; the status says it.
        return io.errorStreamFailed && status == ExitCode.success.rawValue ? ExitCode.io.rawValue : status
    }

    /// Picks the subcommand (or the top-level help and version) and runs it.
    private static func dispatch(arguments: [String], io: any CommandIO) async -> Int32 {
        guard let first = arguments.first else {
            io.writeError(overview)
            return ExitCode.usage.rawValue
        }
        switch first {
        case "-h", "--help":
            return emit(overview, io: io)
        case "--version":
            return emit("inkling \(version)", io: io)
        case "help":
            guard arguments.count > 1 else { return emit(overview, io: io) }
            guard let command = subcommands.first(where: { $0.configuration.name == arguments[1] }) else {
                io.writeError("inkling: unknown command '\(arguments[1].prefix(40))'\(suggestion(for: arguments[1])); see inkling --help")
                return ExitCode.usage.rawValue
            }
            return emit(HelpFormatter.help(for: command.configuration), io: io)
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.configuration.name == first }) else {
            io.writeError("inkling: unknown command '\(first.prefix(40))'\(suggestion(for: first)); commands: \(subcommands.map { $0.configuration.name }.joined(separator: ", "))")
            return ExitCode.usage.rawValue
        }
        return await run(command, arguments: Array(arguments.dropFirst()), io: io).rawValue
    }

    /// `; did you mean 'render'?` for a name within two edits of a command, else nothing.
    static func suggestion(for name: String) -> String {
        EditDistance.closest(to: name, in: subcommands.map { $0.configuration.name }).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Parses, validates and runs one subcommand.
    static func run(_ command: any InklingCommand.Type, arguments: [String], io: any CommandIO) async -> ExitCode {
        let name = command.configuration.name
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) && !arguments.contains("--") {
            return ExitCode(rawValue: emit(HelpFormatter.help(for: command.configuration), io: io)) ?? .io
        }
        do {
            let parsed = try ParsedArguments(arguments, spec: command.configuration.arguments)
            let instance = try command.init(parsing: parsed)
            return try await instance.run(io: io)
        } catch {
            // A reader that went away is no error to report, as with any Unix tool.
            if error.exitCode != .brokenPipe { io.writeError("inkling \(name): \(error.message)") }
            return error.exitCode
        }
    }

    /// Prints `text` on standard output; the status to exit with.
    private static func emit(_ text: String, io: any CommandIO) -> Int32 {
        do {
            try io.print(text)
            return ExitCode.success.rawValue
        } catch {
            if error.exitCode != .brokenPipe { io.writeError("inkling: \(error.message)") }
            return error.exitCode.rawValue
        }
    }

    /// The top-level help screen.
    static var overview: String {
        var lines = [
            "OVERVIEW: Inkling \(version): drawing-guided image generation.",
            "",
            "USAGE: inkling <command> [options]",
            "",
            "COMMANDS:",
        ]
        lines += subcommands.map { HelpFormatter.row($0.configuration.name, $0.configuration.abstract) }
        lines += [
            "",
            "OPTIONS:",
            HelpFormatter.row("--version", "Print the version."),
            HelpFormatter.row("-h, --help", "Show help information."),
            "",
            "See 'inkling help <command>' for a command's options.",
            "Exit status: 0 success, 1 input rejected, 2 usage error, 3 file I/O error, 4 other failure, 141 standard output closed.",
        ]
        return lines.joined(separator: "\n")
    }
}
