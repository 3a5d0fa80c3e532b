/// Name, summary and arguments of one command, for parsing and `--help`.
package struct CommandConfiguration: Sendable {
    /// The word that selects the command (`guide`).
    package var name: String
    /// One line saying what the command does.
    package var abstract: String
    /// Longer help shown under the usage line.
    package var discussion: String
    /// Accepted arguments.
    package var arguments: ArgumentSpec

    /// Creates a configuration.
    package init(name: String, abstract: String, discussion: String = "", arguments: ArgumentSpec) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
    }
}

/// One subcommand of `inkling`: validated from its arguments before any work, then run.
package protocol InklingCommand: Sendable {
    /// Name, summary and arguments.
    static var configuration: CommandConfiguration { get }
    /// Builds the command from parsed arguments, validating every value (usage errors only).
    init(parsing arguments: ParsedArguments) throws(CommandFailure)
    /// Does the work. Throws ``CommandFailure`` with the exit status for anything that fails.
    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode
}
