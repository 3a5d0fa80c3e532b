import Inkling

/// The `inkling` command tree: picks a subcommand, handles `--help` and `--version`.
public enum RootCommand {
    /// The Inkling release this build is.
    public static let version = InklingImageCreator.version

    /// Every subcommand, in the order `--help` lists them.
    static let subcommands: [any InklingCommand.Type] = [GuideCommand.self, ValidateCommand.self, RenderCommand.self, ConvertCommand.self, InspectCommand.self, ContactSheetCommand.self, CompareCommand.self, RegressCommand.self, DoctorCommand.self, ServeCommand.self]

    /// Runs `inkling` with `arguments` (without the program name) and returns the exit status.
    public static func main(arguments: [String], io: any CommandIO = StandardIO()) async -> Int32 {
        guard let first = arguments.first else {
            io.writeError(overview)
            return ExitCode.usage.rawValue
        }
        switch first {
        case "-h", "--help":
            io.print(overview)
            return ExitCode.success.rawValue
        case "--version":
            io.print("inkling \(version)")
            return ExitCode.success.rawValue
        case "help":
            guard arguments.count > 1 else { io.print(overview); return ExitCode.success.rawValue }
            guard let command = subcommands.first(where: { $0.configuration.name == arguments[1] }) else {
                io.writeError("inkling: unknown command '\(arguments[1])'; see inkling --help")
                return ExitCode.usage.rawValue
            }
            io.print(HelpFormatter.help(for: command.configuration))
            return ExitCode.success.rawValue
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.configuration.name == first }) else {
            io.writeError("inkling: unknown command '\(first)'; commands: \(subcommands.map { $0.configuration.name }.joined(separator: ", "))")
            return ExitCode.usage.rawValue
        }
        return await run(command, arguments: Array(arguments.dropFirst()), io: io).rawValue
    }

    /// Parses, validates and runs one subcommand.
    static func run(_ command: any InklingCommand.Type, arguments: [String], io: any CommandIO) async -> ExitCode {
        let name = command.configuration.name
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) && !arguments.contains("--") {
            io.print(HelpFormatter.help(for: command.configuration))
            return .success
        }
        do {
            let parsed = try ParsedArguments(arguments, spec: command.configuration.arguments)
            let instance = try command.init(parsing: parsed)
            return try await instance.run(io: io)
        } catch {
            io.writeError("inkling \(name): \(error.message)")
            return error.exitCode
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
            "Exit status: 0 success, 1 input rejected, 2 usage error, 3 file I/O error, 4 other failure.",
        ]
        return lines.joined(separator: "\n")
    }
}
