import InklingConditioning

/// What an engine found out about itself: whether it can generate, and the facts behind that
/// (the server answered, the configured models are installed, the settings are ones it takes).
/// `inkling doctor` prints it.
public struct EngineDiagnosis: Sendable, Hashable {
    /// One configured model or setting and whether the server has or takes it.
    public struct Model: Sendable, Hashable {
        /// What it is for ("checkpoint", "ControlNet model", "model", "sampler", "scheduler", "size").
        public var role: String
        /// Its configured name or value.
        public var name: String
        /// Whether the server lists (or accepts) it; `nil` when the server cannot say.
        public var present: Bool?

        /// Creates a model or setting fact.
        public init(role: String, name: String, present: Bool?) {
            self.role = role
            self.name = name
            self.present = present
        }
    }

    /// The verdict.
    public var availability: EngineAvailability
    /// The server's address, `nil` for engines without one.
    public var endpoint: String?
    /// Whether the server answered; `nil` for engines without one.
    public var reachable: Bool?
    /// The configured models and settings, checked.
    public var models: [Model]
    /// For a pool of endpoints, each endpoint's own diagnosis (in configured order); empty for
    /// a single server.
    public var endpoints: [EngineDiagnosis]

    /// Creates a diagnosis.
    public init(availability: EngineAvailability, endpoint: String? = nil, reachable: Bool? = nil, models: [Model] = [],
                endpoints: [EngineDiagnosis] = []) {
        self.availability = availability
        self.endpoint = endpoint
        self.reachable = reachable
        self.models = models
        self.endpoints = endpoints
    }
}

extension ImageEngine {
    /// The default diagnosis: ``ImageEngine/availability()`` alone, no server facts.
    public func diagnose() async -> EngineDiagnosis {
        EngineDiagnosis(availability: await availability())
    }

    /// By default an engine honours every control: no notices.
    public func notices(for conditioning: Conditioning) -> [String] { [] }
}
