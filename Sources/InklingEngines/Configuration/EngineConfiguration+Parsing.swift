import InklingBase
import Foundation
import InklingConditioning
import InklingStrokes

extension EngineConfiguration {
    /// The deepest nesting a configuration may have (it needs four levels).
    static let maximumDepth = 16
    /// What a configuration may hold: checked by ``JSONDocument`` before json-c builds anything.
    static let jsonLimits = JSONLimits(maxBytes: maximumBytes, maxDepth: maximumDepth)
    /// The most endpoints one engine's pool may list.
    static let maximumEndpoints = 16

    /// Parses and validates configuration JSON; `path` names the file in messages.
    ///
    /// Unknown keys are errors (a typo must not silently fall back to a default), as are
    /// endpoints that are not `http(s)://host[:port]`, duplicate or reserved engine names, and
    /// an `externalProvider` that names no configured engine.
    public static func parse(_ bytes: [UInt8], path: String) throws(EngineConfigurationError) -> EngineConfiguration {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, limits: jsonLimits)
        } catch {
            throw ConfigurationReader.error(error, file: path)
        }
        let root = try ConfigurationReader(node: document.root, file: path)
            .members(allowed: ["version", "externalProvider", "engines"])
        if let version = root["version"] {
            guard try version.integer(in: 1...1000) == 1 else { throw version.fail("this Inkling reads version 1") }
        }
        var engines: [EngineEntry] = []
        for (name, reader) in try root["engines"]?.anyMembers() ?? [] {
            engines.append(try entry(name: name, reader))
        }
        let external = try root["externalProvider"]?.string()
        if let external, !engines.contains(where: { $0.name == external }) {
            throw .invalid(path: path, at: "externalProvider",
                           problem: "names '\(external)', which is not among the configured engines (\(engines.map(\.name).joined(separator: ", ")))")
        }
        return EngineConfiguration(engines: engines, externalProvider: external, path: path)
    }

    private static func entry(name: String, _ reader: ConfigurationReader) throws(EngineConfigurationError) -> EngineEntry {
        guard !name.isEmpty, name.count <= 32, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw reader.fail("engine names are 1…32 letters, digits, - or _")
        }
        guard name != builtinName else { throw reader.fail("'builtin' is the built-in engine's name and cannot be configured") }
        let keys: Set<String> = ["kind", "endpoint", "enabled", "apiKeyEnvironment", "models", "sizes", "languages", "defaults",
                                 "timeoutSeconds", "generationTimeoutSeconds", "flavor",
                                 "endpoints", "endpointRetrySeconds", "workflow", "live", "uploadCache"]
        let m = try reader.members(allowed: keys)
        guard let kindReader = m["kind"] else { throw reader.fail("missing \"kind\" (\(EngineKind.allCases.map(\.rawValue).joined(separator: ", ")))") }
        let kindText = try kindReader.string()
        guard let kind = EngineKind(rawValue: kindText) else {
            throw kindReader.fail("unknown kind \"\(kindText)\"; expected \(EngineKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var endpoints: [URL] = []
        switch (m["endpoint"], m["endpoints"]) {
        case (let single?, nil):
            endpoints = [try url(single)]
        case (nil, let list?):
            for item in try list.array(maxCount: maximumEndpoints) {
                let endpoint = try url(item)
                if endpoints.contains(endpoint) { throw item.fail("\(endpoint.absoluteString) is listed twice") }
                endpoints.append(endpoint)
            }
        case (_?, _?):
            throw reader.fail("give \"endpoint\" (one server) or \"endpoints\" (a pool), not both")
        case (nil, nil):
            throw reader.fail("missing \"endpoint\" (like \"http://127.0.0.1:8188\") or \"endpoints\" (a list of them)")
        }
        var entry = EngineEntry(name: name, kind: kind, endpoint: endpoints[0])
        entry.endpoints = endpoints
        entry.endpointRetrySeconds = try m["endpointRetrySeconds"]?.number(in: 0.1...86400) ?? entry.endpointRetrySeconds
        if let workflowReader = m["workflow"] {
            guard kind == .comfyui else { throw workflowReader.fail("only a comfyui engine takes a workflow") }
            entry.workflow = try workflow(workflowReader)
        }
        if let liveReader = m["live"] {
            guard kind == .comfyui else { throw liveReader.fail("only a comfyui engine takes a live block") }
            entry.live = try live(liveReader)
        }
        if let cacheReader = m["uploadCache"] {
            guard kind == .comfyui else { throw cacheReader.fail("only a comfyui engine has an upload cache") }
            entry.uploadCache = try cacheReader.integer(in: 0...4096)
        }
        entry.enabled = try m["enabled"]?.bool() ?? true
        if let variable = try m["apiKeyEnvironment"]?.string() {
            guard !variable.isEmpty, variable.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }), !(variable.first?.isNumber ?? true) else {
                throw m["apiKeyEnvironment"]!.fail("expected an environment variable name like OPENAI_API_KEY (the key itself never goes in this file)")
            }
            entry.apiKeyEnvironment = variable
        }
        if let models = m["models"] {
            let mm = try models.members(allowed: ["checkpoint", "controlNet", "model"])
            entry.models = EngineModels(checkpoint: try mm["checkpoint"]?.string(), controlNet: try mm["controlNet"]?.string(),
                                        model: try mm["model"]?.string())
        }
        if kind == .comfyui && entry.models.checkpoint == nil && entry.workflow == nil {
            throw reader.fail("a comfyui engine needs models.checkpoint (the file name under ComfyUI/models/checkpoints) or a workflow")
        }
        if let sizes = m["sizes"] {
            var list: [PixelSize] = []
            for item in try sizes.array(maxCount: 64) { list.append(try item.size(multiple: kind == .openai ? 1 : 8)) }
            entry.sizes = list
        }
        if let languages = m["languages"] {
            var set: Set<String> = []
            for item in try languages.array(maxCount: 200) {
                let code = try item.string()
                guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
                    throw item.fail("expected a BCP 47 primary language code like \"en\", got \"\(code)\"")
                }
                set.insert(code)
            }
            entry.languages = set
        }
        if let defaults = m["defaults"] {
            let d = try defaults.members(allowed: ["steps", "cfgScale", "sampler", "scheduler", "negativePrompt"])
            entry.defaults.steps = try d["steps"]?.integer(in: 1...150) ?? entry.defaults.steps
            entry.defaults.cfgScale = try d["cfgScale"]?.number(in: 0...30) ?? entry.defaults.cfgScale
            entry.defaults.sampler = try d["sampler"]?.string() ?? entry.defaults.sampler
            entry.defaults.scheduler = try d["scheduler"]?.string() ?? entry.defaults.scheduler
            entry.defaults.negativePrompt = try d["negativePrompt"]?.string() ?? entry.defaults.negativePrompt
        }
        entry.flavor = EngineFlavor.implied(model: entry.models.model)
        if let flavorReader = m["flavor"] {
            guard kind == .openai else { throw flavorReader.fail("only an openai engine has a flavor") }
            let text = try flavorReader.string()
            guard let flavor = EngineFlavor(rawValue: text) else {
                throw flavorReader.fail("unknown flavor \"\(text)\"; expected \(EngineFlavor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            entry.flavor = flavor
        }
        entry.timeoutSeconds = try m["timeoutSeconds"]?.number(in: 0.1...3600) ?? entry.timeoutSeconds
        entry.generationTimeoutSeconds = try m["generationTimeoutSeconds"]?.number(in: 0.1...86400) ?? entry.generationTimeoutSeconds
        return entry
    }

    /// The `live` block: few-step sampling for live frames, and optionally their own workflow.
    private static func live(_ reader: ConfigurationReader) throws(EngineConfigurationError) -> EngineLiveSettings {
        let l = try reader.members(allowed: ["steps", "cfgScale", "sampler", "scheduler", "workflow"])
        var live = EngineLiveSettings()
        live.steps = try l["steps"]?.integer(in: 1...150)
        live.cfgScale = try l["cfgScale"]?.number(in: 0...30)
        live.sampler = try l["sampler"]?.string()
        live.scheduler = try l["scheduler"]?.string()
        if let workflowReader = l["workflow"] { live.workflow = try workflow(workflowReader) }
        for (key, name) in [("sampler", live.sampler), ("scheduler", live.scheduler)] {
            if let name, name.isEmpty || name.utf8.count > 100 { throw l[key]!.fail("expected a name of 1…100 bytes as the server spells it") }
        }
        return live
    }

    private static func url(_ reader: ConfigurationReader) throws(EngineConfigurationError) -> URL {
        let text = try reader.string()
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.user == nil, components.password == nil,
              let url = components.url else {
            throw reader.fail("expected http://host:port or https://host[:port]/path, got \"\(text)\"")
        }
        return url
    }
}
