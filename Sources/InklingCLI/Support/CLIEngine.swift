import InklingEngines

/// The engine the CLI paints with: the built-in one (external engines come with configuration).
enum CLIEngine {
    /// A fresh engine.
    static func make() -> any ImageEngine { BuiltInEngine() }
}
