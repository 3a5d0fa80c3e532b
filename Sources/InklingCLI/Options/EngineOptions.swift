/// `--engine NAME` and `--config FILE`: which engine generates, and where engines are configured.
struct EngineOptions: Sendable {
    /// The engine asked for; `nil` means the built-in one (or, for `--style externalProvider`,
    /// the configuration's `externalProvider`).
    var engine: String?
    /// The configuration file given with `--config`.
    var configPath: String?

    /// The option specification for a command that generates with one engine.
    static let spec = ArgumentSpec(options: [engineOption, configOption])

    /// The option specification for `doctor`, which checks every engine unless told one.
    static let checkSpec = ArgumentSpec(options: [
        .init("engine", value: "name", help: "Check only this engine: builtin, or one named in the engine configuration.", default: "all"),
        configOption,
    ])

    private static let engineOption = ArgumentSpec.Option(
        "engine", value: "name", help: "builtin, or an engine named in the engine configuration (see docs/engines.md).", default: "builtin")
    private static let configOption = ArgumentSpec.Option(
        "config", value: "engines.json", help: "Engine configuration file.", default: "$INKLING_CONFIG, else ~/.config/inkling/engines.json")

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        engine = try arguments.value("engine", as: String.self)
        if engine?.isEmpty == true { throw .usage("--engine is empty; use builtin or a configured engine's name") }
        configPath = try arguments.value("config", as: String.self)
        if configPath?.isEmpty == true { throw .usage("--config is empty") }
    }
}
