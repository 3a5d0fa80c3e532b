import Foundation
import InklingConditioning
import InklingImageIO

/// The engines a user configured (a JSON file, see `docs/engines.md`), and the one the
/// `externalProvider` style resolves to. The built-in engine is always there, unconfigured.
public struct EngineConfiguration: Sendable, Hashable {
    /// The name of the built-in engine.
    public static let builtinName = "builtin"
    /// The environment variable naming the configuration file.
    static let environmentVariable = "INKLING_CONFIG"
    /// The largest configuration file accepted (1 MiB).
    static let maximumBytes = 1 << 20

    /// Configured external engines, in file order (sorted by name).
    public var engines: [EngineEntry]
    /// The engine `Style.externalProvider` uses, if any.
    public var externalProvider: String?
    /// The file this came from; `nil` when none was found (only the built-in engine).
    public var path: String?

    /// Creates a configuration.
    public init(engines: [EngineEntry] = [], externalProvider: String? = nil, path: String? = nil) {
        self.engines = engines
        self.externalProvider = externalProvider
        self.path = path
    }

    /// The entry named `name`.
    public func entry(named name: String) -> EngineEntry? { engines.first { $0.name == name } }

    /// The engine for `style`: the ``externalProvider`` for `.externalProvider`, else `fallback`.
    public func engineName(for style: Style?, fallback: String = builtinName) throws(EngineConfigurationError) -> String {
        guard style == .externalProvider else { return fallback }
        guard let externalProvider else { throw .noExternalProvider(path: path) }
        return externalProvider
    }

    /// Reads the configuration from `--config`, else `$INKLING_CONFIG`, else the default location
    /// (`$XDG_CONFIG_HOME/inkling/engines.json`, else `~/.config/inkling/engines.json`). A missing
    /// file at the default location is no error: the result has only the built-in engine.
    ///
    /// - Throws: ``EngineConfigurationError`` naming the file (and the JSON path of a bad value).
    public static func load(flag: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(EngineConfigurationError) -> EngineConfiguration {
        let (path, namedBy) = location(flag: flag, environment: environment)
        guard FileManager.default.fileExists(atPath: path) else {
            if let namedBy { throw .notFound(path: path, namedBy: namedBy) }
            return EngineConfiguration()
        }
        return try read(path: path)
    }

    /// Where the configuration is read from, and what named it (`nil`: the default location).
    public static func location(flag: String?, environment: [String: String]) -> (path: String, namedBy: String?) {
        if let flag, !flag.isEmpty { return (flag, "--config") }
        if let value = environment[environmentVariable], !value.isEmpty { return (value, "$\(environmentVariable)") }
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        }
        return (base + "/inkling/engines.json", nil)
    }

    /// Reads and validates the file at `path`.
    public static func read(path: String) throws(EngineConfigurationError) -> EngineConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, maxBytes: maximumBytes)
        } catch {
            if case .tooLarge(_, let size, let limit) = error { throw .tooLarge(path: path, bytes: size, limit: limit) }
            throw .unreadable(path: path, reason: error.reason)
        }
        return try parse(bytes, path: path)
    }
}
