import InklingConditioning
import InklingEngines

/// Whether generation works here, and the facts behind the answer (what `inkling doctor` prints).
public struct Availability: Sendable, Hashable {
    /// Whether images can be created now.
    public var available: Bool
    /// Why not, one line each (empty when available).
    public var reasons: [String]
    /// The engine's identifier.
    public var engine: String
    /// Languages of text the engine understands, sorted.
    public var languages: [String]
    /// Sizes the engine produces; the first is its default.
    public var sizes: [PixelSize]
    /// Styles the engine paints.
    public var styles: [Style]
    /// The server's address, `nil` for engines without one (the built-in engine).
    public var endpoint: String?
    /// Whether the server answered; `nil` for engines without one.
    public var reachable: Bool?
    /// The configured models and whether the server has them.
    public var models: [EngineDiagnosis.Model]
    /// For a pool of endpoints, each endpoint's own report (in configured order); empty for a
    /// single server.
    public var endpoints: [Availability] = []

    /// Creates an availability report.
    public init(available: Bool, reasons: [String], engine: String, languages: [String], sizes: [PixelSize], styles: [Style],
                endpoint: String? = nil, reachable: Bool? = nil, models: [EngineDiagnosis.Model] = []) {
        self.available = available
        self.reasons = reasons
        self.engine = engine
        self.languages = languages
        self.sizes = sizes
        self.styles = styles
        self.endpoint = endpoint
        self.reachable = reachable
        self.models = models
    }
}
