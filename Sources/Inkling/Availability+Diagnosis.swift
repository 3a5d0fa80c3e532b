import InklingConditioning
import InklingEngines

extension Availability {
    /// The report for `engine` from its `diagnosis`, a pool's endpoints each reported too.
    public init(engine: any ImageEngine, diagnosis: EngineDiagnosis) {
        let capabilities = engine.capabilities
        func reasons(_ availability: EngineAvailability) -> [String] {
            switch availability {
            case .available: []
            case .notSupported(let reason): ["not supported: \(reason)"]
            case .unavailable(let reason): ["unavailable: \(reason)"]
            }
        }
        var found = reasons(diagnosis.availability)
        if capabilities.sizes.isEmpty { found.append("the engine declares no output sizes") }
        if capabilities.styles.isEmpty { found.append("the engine declares no styles") }
        self.init(available: found.isEmpty, reasons: found, engine: engine.identifier, languages: capabilities.languages.sorted(),
                  sizes: capabilities.sizes, styles: capabilities.styles, endpoint: diagnosis.endpoint, reachable: diagnosis.reachable,
                  models: diagnosis.models)
        endpoints = diagnosis.endpoints.map { member in
            let why = reasons(member.availability)
            return Availability(available: why.isEmpty, reasons: why, engine: engine.identifier, languages: languages, sizes: sizes, styles: styles,
                                endpoint: member.endpoint, reachable: member.reachable, models: member.models)
        }
    }
}
