import Foundation
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingRemoteEngines

/// The engine the CLI paints with: the built-in one unless `--engine` names a configured one
/// (or `--style externalProvider` asks for the configuration's external engine).
enum CLIEngine {
    /// A fresh built-in engine.
    static func make() -> any ImageEngine { BuiltInEngine() }

    /// The engine for `options` and `style`. The configuration is read only when needed
    /// (`--engine` other than builtin, `--config`, or the externalProvider style).
    /// `progress` receives one line per quarter of each image's sampling, for engines that report it (ComfyUI).
    static func make(_ options: EngineOptions, style: Style?, progress: (@Sendable (String) -> Void)? = nil,
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> any ImageEngine {
        if (options.engine ?? EngineConfiguration.builtinName) == EngineConfiguration.builtinName && options.configPath == nil && style != .externalProvider {
            return BuiltInEngine()
        }
        let configuration = try load(options, environment: environment)
        do throws(EngineConfigurationError) {
            let name: String
            if let engine = options.engine { name = engine } else { name = try configuration.engineName(for: style) }
            let engine = try configuration.engine(named: name, environment: environment)
            guard let progress else { return engine }
            let report: @Sendable (Int, Int, Int) -> Void = { variation, step, steps in
                guard steps > 0, step == steps || step * 4 / steps != (step - 1) * 4 / steps else { return }
                progress("[\(name)] variation \(variation + 1): step \(step)/\(steps)")
            }
            if let pool = engine as? EnginePool { return pool.reportingProgress(report) }
            guard var comfyUI = engine as? ComfyUIEngine else { return engine }
            comfyUI.progress = report
            return comfyUI
        } catch {
            throw failure(error)
        }
    }

    /// Reads the engine configuration named by `--config`, `$INKLING_CONFIG` or the default location.
    static func load(_ options: EngineOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> EngineConfiguration {
        do {
            return try EngineConfiguration.load(flag: options.configPath, environment: environment)
        } catch {
            throw failure(error)
        }
    }

    /// The exit status of a configuration error: files that cannot be read are I/O errors, bad
    /// contents are rejected input, an unknown engine name is a usage error.
    static func failure(_ error: EngineConfigurationError) -> CommandFailure {
        switch error {
        case .notFound, .unreadable: CommandFailure(.io, error.description)
        case .tooLarge, .malformed, .invalid: CommandFailure(.inputRejected, error.description)
        case .unknownEngine, .noExternalProvider: CommandFailure(.usage, error.description)
        }
    }
}
