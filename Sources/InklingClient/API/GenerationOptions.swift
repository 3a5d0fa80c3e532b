/// The `options` of a generation (docs/server.md, `POST /v1/generations`): each left `nil` takes
/// the server's default. The server checks the ranges and answers `400 invalid_request` naming
/// the field.
public struct GenerationOptions: Sendable, Hashable {
    /// Pixels, `"1024x768"`; the engine picks its closest supported size.
    public var width: Int?, height: Int?
    /// The seed (answers give it back as a string).
    public var seed: UInt64?
    /// Guidance strength, 0…1.
    public var strength: Double?
    /// Where in sampling the guidance starts and ends, 0…1.
    public var guidanceStart: Double?, guidanceEnd: Double?
    /// `balanced`, `promptFirst` or `sketchFirst`.
    public var mode: String?
    /// The guidance map's encoding: `scribble`, `soft`, `distance`, `confidence` (optionally `-inverted`).
    public var encoding: String?
    /// What to keep out of the image (at most 4000 bytes).
    public var negativePrompt: String?
    /// Sampling steps (1…150) and CFG scale (0…30).
    public var steps: Int?, cfgScale: Double?
    /// Sampler and scheduler, as the server spells them.
    public var sampler: String?, scheduler: String?

    /// Creates options; every one left out takes the server's default.
    public init(
        width: Int? = nil, height: Int? = nil, seed: UInt64? = nil, strength: Double? = nil,
        guidanceStart: Double? = nil, guidanceEnd: Double? = nil, mode: String? = nil, encoding: String? = nil,
        negativePrompt: String? = nil, steps: Int? = nil, cfgScale: Double? = nil, sampler: String? = nil, scheduler: String? = nil
    ) {
        self.width = width; self.height = height; self.seed = seed; self.strength = strength
        self.guidanceStart = guidanceStart; self.guidanceEnd = guidanceEnd; self.mode = mode; self.encoding = encoding
        self.negativePrompt = negativePrompt; self.steps = steps; self.cfgScale = cfgScale
        self.sampler = sampler; self.scheduler = scheduler
    }

    /// Whether no option is set.
    var isEmpty: Bool { self == GenerationOptions() }

    /// Appends the options object.
    func write(to w: inout CanonicalJSONWriter) {
        w.openObject()
        if let width, let height { w.key("size"); w.string("\(width)x\(height)") }
        if let seed { w.key("seed"); w.integer(seed) }
        if let strength { w.key("strength"); w.number(strength) }
        if let guidanceStart { w.key("guidanceStart"); w.number(guidanceStart) }
        if let guidanceEnd { w.key("guidanceEnd"); w.number(guidanceEnd) }
        if let mode { w.key("mode"); w.string(mode) }
        if let encoding { w.key("encoding"); w.string(encoding) }
        if let negativePrompt { w.key("negativePrompt"); w.string(negativePrompt) }
        if let steps { w.key("steps"); w.number(Double(steps)) }
        if let cfgScale { w.key("cfgScale"); w.number(cfgScale) }
        if let sampler { w.key("sampler"); w.string(sampler) }
        if let scheduler { w.key("scheduler"); w.string(scheduler) }
        w.closeObject()
    }
}
