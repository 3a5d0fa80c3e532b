/// `--engine NAME` and `--config FILE`: which engine generates, and where engines are configured.
struct EngineOptions: Sendable {
    /// The engine asked for; `nil` means the built-in one (or, for `--style externalProvider`,
    /// the configuration's `externalProvider`).
    var engine: String?
    /// The configuration file given with `--config`.
    var configPath: String?

    /// The option specification.
    static let spec = ArgumentSpec(options: [
        .init("engine", value: "name", help: "builtin, or an engine named in the engine configuration (see docs/engines.md).", default: "builtin"),
        .init("config", value: "engines.json", help: "Engine configuration file.", default: "$INKLING_CONFIG, else ~/.config/inkling/engines.json"),
    ])

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        engine = try arguments.value("engine", as: String.self)
        if engine?.isEmpty == true { throw .usage("--engine is empty; use builtin or a configured engine's name") }
        configPath = try arguments.value("config", as: String.self)
        if configPath?.isEmpty == true { throw .usage("--config is empty") }
    }
}
