/// Why the engine configuration cannot be used; each message names the file and, for bad
/// values, the JSON path (`engines.comfyui.sizes[1]`).
public enum EngineConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file named by `--config` or `INKLING_CONFIG` does not exist.
    case notFound(path: String, namedBy: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is over the size limit.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file is not JSON (or nests too deeply).
    case malformed(path: String, reason: String)
    /// A value is wrong; `at` is its JSON path.
    case invalid(path: String, at: String, problem: String)
    /// An engine was asked for that is not configured.
    case unknownEngine(String, configured: [String], path: String?)
    /// `--style externalProvider` without an `externalProvider` in the configuration.
    case noExternalProvider(path: String?)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .notFound(let path, let namedBy):
            "engine configuration \(path) (from \(namedBy)) does not exist: create it (see docs/engines.md) or fix \(namedBy)"
        case .unreadable(let path, let reason):
            "engine configuration \(path) cannot be read: \(reason)"
        case .tooLarge(let path, let bytes, let limit):
            "engine configuration \(path) is \(bytes) bytes, over the \(limit)-byte limit: is it the right file?"
        case .malformed(let path, let reason):
            "engine configuration \(path) is not valid JSON: \(reason)"
        case .invalid(let path, let at, let problem):
            "engine configuration \(path): \(at): \(problem)"
        case .unknownEngine(let name, let configured, let path):
            "no engine named '\(name)'\(path.map { " in \($0)" } ?? " (no engine configuration found)"); available: \((["builtin"] + configured).joined(separator: ", "))"
        case .noExternalProvider(let path):
            "the externalProvider style needs an external engine: set \"externalProvider\": \"<engine name>\" in the engine configuration\(path.map { " (\($0))" } ?? " (none found; see docs/engines.md)"), or pass --engine"
        }
    }
}
