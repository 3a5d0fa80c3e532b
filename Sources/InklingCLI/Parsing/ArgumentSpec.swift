/// What a command accepts on its command line; drives both parsing and `--help`.
public struct ArgumentSpec: Sendable {
    /// An option that takes a value: `--size 512x512`, `--size=512x512`, or `-o out.png`.
    public struct Option: Sendable {
        public var name: String
        public var short: Character?
        public var valueName: String
        public var help: String
        public var defaultValue: String?

        public init(_ name: String, short: Character? = nil, value valueName: String, help: String, default defaultValue: String? = nil) {
            self.name = name; self.short = short; self.valueName = valueName; self.help = help; self.defaultValue = defaultValue
        }
    }

    /// A switch without a value: `--json`.
    public struct Flag: Sendable {
        public var name: String
        public var short: Character?
        public var help: String

        public init(_ name: String, short: Character? = nil, help: String) {
            self.name = name; self.short = short; self.help = help
        }
    }

    /// A positional argument.
    public struct Positional: Sendable {
        public var valueName: String
        public var help: String
        /// How many may be given: exactly one, or one or more.
        public var repeats: Bool

        public init(_ valueName: String, help: String, repeats: Bool = false) {
            self.valueName = valueName; self.help = help; self.repeats = repeats
        }
    }

    public var positionals: [Positional]
    public var options: [Option]
    public var flags: [Flag]

    /// Creates a specification.
    public init(positionals: [Positional] = [], options: [Option] = [], flags: [Flag] = []) {
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }

    /// This specification with another's options and flags added (shared option groups).
    public func including(_ group: ArgumentSpec) -> ArgumentSpec {
        ArgumentSpec(positionals: positionals + group.positionals, options: options + group.options, flags: flags + group.flags)
    }
}
