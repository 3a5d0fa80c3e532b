import Foundation
import InklingBuiltInEngine
import InklingEngines
import InklingRemoteEngines

extension EngineConfiguration {
    /// The engine named `name`: ``builtinName`` or a configured one.
    ///
    /// - Parameter environment: where API keys are read from (the process environment by default).
    /// - Throws: ``EngineConfigurationError/unknownEngine(_:configured:path:)``.
    public func engine(named name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(EngineConfigurationError) -> any ImageEngine {
        if name == Self.builtinName { return BuiltInEngine() }
        guard let entry = entry(named: name) else {
            throw .unknownEngine(name, configured: engines.map(\.name), path: path)
        }
        return Self.engine(for: entry, environment: environment)
    }
}
