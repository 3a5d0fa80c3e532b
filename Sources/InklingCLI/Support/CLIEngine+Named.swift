import InklingEngines

extension CLIEngine {
    /// The engines `--engine` can name; the first is the default.
    static let names = ["builtin"]

    /// The engine called `name` (the seam engine configuration extends).
    static func make(named name: String) throws(CommandFailure) -> any ImageEngine {
        switch name {
        case "builtin": return make()
        default: throw .usage("unknown engine '\(name)'; this build has: \(names.joined(separator: ", "))")
        }
    }
}
