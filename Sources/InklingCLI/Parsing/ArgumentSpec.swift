/// What a command accepts on its command line; drives both parsing and `--help`.
package struct ArgumentSpec: Sendable {
    /// An option that takes a value: `--size 512x512`, `--size=512x512`, or `-o out.png`.
    package struct Option: Sendable {
        package var name: String
        package var short: Character?
        package var valueName: String
        package var help: String
        package var defaultValue: String?

        package init(_ name: String, short: Character? = nil, value valueName: String, help: String, default defaultValue: String? = nil) {
            self.name = name; self.short = short; self.valueName = valueName; self.help = help; self.defaultValue = defaultValue
        }
    }

    /// A switch without a value: `--json`.
    package struct Flag: Sendable {
        package var name: String
        package var short: Character?
        package var help: String

        package init(_ name: String, short: Character? = nil, help: String) {
            self.name = name; self.short = short; self.help = help
        }
    }

    /// A positional argument.
    package struct Positional: Sendable {
        package var valueName: String
        package var help: String
        /// How many may be given: exactly one, or one or more.
        package var repeats: Bool

        package init(_ valueName: String, help: String, repeats: Bool = false) {
            self.valueName = valueName; self.help = help; self.repeats = repeats
        }
    }

    package var positionals: [Positional]
    package var options: [Option]
    package var flags: [Flag]

    /// Creates a specification.
    package init(positionals: [Positional] = [], options: [Option] = [], flags: [Flag] = []) {
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }

    /// This specification with another's options and flags added (shared option groups).
    package func including(_ group: ArgumentSpec) -> ArgumentSpec {
        ArgumentSpec(positionals: positionals + group.positionals, options: options + group.options, flags: flags + group.flags)
    }
}
