import InklingBase

/// The one place generation options are read and written: the API's `options` object, the
/// command line's flags, regression case files and a cluster's job specs all go through it, so
/// each option has one name, one default and one range (``fields``), and the rules between
/// options are decided once (a guidance end not given follows a later start).
///
/// A new option is a field here, a line in ``read(_:into:)`` and one in ``json(_:)``; the
/// command line's help, `openapi.json` and the docs are checked against ``fields`` by a test.
public enum GenerationOptionsCodec {
    /// The sides a requested size may have, everywhere.
    public static let sizeSides = 16...8192

    private static let defaults = GenerationOptions()
    private static let engineDefault = "the engine configuration's"
    private static func number(_ value: Double) -> String { NumberText.compact(value) }
    /// The first `count` characters of a value someone sent, line breaks and other control
    /// characters as spaces, so a message that quotes it stays one line.
    private static func oneLine(_ text: String, _ count: Int) -> String {
        String(String.UnicodeScalarView(text.prefix(count).unicodeScalars.map {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator
                || $0.properties.generalCategory == .paragraphSeparator ? " " : $0
        }))
    }

    public static let size = OptionField(
        key: "size", flag: "size", valueName: "WxH", help: "Requested size; the engine picks its closest supported size.",
        defaultText: "the drawing's canvas, else 1024x1024", defaultJSON: nil, kind: .size(sizeSides))
    public static let seed = OptionField(
        key: "seed", flag: "seed", valueName: "n", help: "Seed; the same inputs and seed give the same images.",
        defaultText: "\(defaults.seed)", defaultJSON: "\(defaults.seed)", kind: .unsigned(GenerationOptions.seedRange))
    public static let strength = OptionField(
        key: "strength", flag: "strength", valueName: "f", help: "Guidance strength 0…1: 0 ignores the sketch, 1 follows it closely.",
        defaultText: number(defaults.guidance.strength), defaultJSON: number(defaults.guidance.strength), kind: .number(0...1))
    public static let guidanceStart = OptionField(
        key: "guidanceStart", flag: "guidance-start", valueName: "f", help: "Fraction of the generation where guidance starts, 0…1.",
        defaultText: number(defaults.guidance.start), defaultJSON: number(defaults.guidance.start), kind: .number(0...1))
    public static let guidanceEnd = OptionField(
        key: "guidanceEnd", flag: "guidance-end", valueName: "f", help: "Fraction where guidance ends, start…1 (a later start moves it along).",
        defaultText: number(defaults.guidance.end), defaultJSON: number(defaults.guidance.end), kind: .number(0...1))
    public static let mode = OptionField(
        key: "mode", flag: "mode", valueName: "name", help: "balanced, promptFirst or sketchFirst.",
        defaultText: defaults.guidance.mode.rawValue, defaultJSON: "\"\(defaults.guidance.mode.rawValue)\"",
        kind: .name(GuidanceMode.allCases.map(\.rawValue)))
    public static let encoding = OptionField(
        key: "encoding", flag: "encoding", valueName: "name",
        help: "How the sketch is encoded for the sketch model: scribble, soft, distance or confidence (white lines on black, what ControlNet scribble, soft-edge and lineart models take); add -inverted for black on white (scribble-inverted).",
        defaultText: defaults.guidance.encoding.description, defaultJSON: "\"\(defaults.guidance.encoding.description)\"",
        kind: .name(SketchEncoding.names))
    public static let sourceStrength = OptionField(
        key: "sourceStrength", flag: "source-strength", valueName: "f", help: "Influence of the source image, 0…1.",
        defaultText: number(defaults.sourceStrength), defaultJSON: number(defaults.sourceStrength), kind: .number(0...1))
    public static let personalization = OptionField(
        key: "personalization", flag: "personalization", valueName: "",
        help: "Let the source image inform colour and composition only, never reproduce it.",
        defaultText: defaults.personalization ? "on" : "off", defaultJSON: defaults.personalization ? "true" : "false", kind: .bool)
    public static let negativePrompt = OptionField(
        key: "negativePrompt", flag: "negative-prompt", valueName: "text", help: "What the image should avoid (\"\" for nothing).",
        defaultText: engineDefault, defaultJSON: nil, kind: .text(maxBytes: SamplingOverrides.maximumNegativePromptLength))
    public static let steps = OptionField(
        key: "steps", flag: "steps", valueName: "n",
        help: "Denoising steps, \(SamplingOverrides.stepsRange.lowerBound)…\(SamplingOverrides.stepsRange.upperBound).",
        defaultText: engineDefault, defaultJSON: nil, kind: .integer(SamplingOverrides.stepsRange))
    public static let cfgScale = OptionField(
        key: "cfgScale", flag: "cfg", valueName: "f",
        help: "Classifier-free guidance scale, \(number(SamplingOverrides.cfgScaleRange.lowerBound))…\(number(SamplingOverrides.cfgScaleRange.upperBound)).",
        defaultText: engineDefault, defaultJSON: nil, kind: .number(SamplingOverrides.cfgScaleRange))
    public static let sampler = OptionField(
        key: "sampler", flag: "sampler", valueName: "name",
        help: "Sampler as the server spells it (ComfyUI euler, A1111 \"Euler a\"); checked against the server's list.",
        defaultText: engineDefault, defaultJSON: nil, kind: .text(maxBytes: SamplingOverrides.maximumNameLength))
    public static let scheduler = OptionField(
        key: "scheduler", flag: "scheduler", valueName: "name",
        help: "Scheduler as the server spells it (ComfyUI karras, A1111 Karras); checked against the server's list.",
        defaultText: engineDefault, defaultJSON: nil, kind: .text(maxBytes: SamplingOverrides.maximumNameLength))

    /// Every option, in the order help lists them.
    public static let fields: [OptionField] = [
        size, seed, strength, guidanceStart, guidanceEnd, mode, sourceStrength, encoding, personalization,
        negativePrompt, steps, cfgScale, sampler, scheduler,
    ]

    /// The JSON keys of every option.
    public static let keys: Set<String> = Set(fields.map(\.key))

    /// Reads every option `source` has into `options`, leaving the others as they are; checks
    /// each value against its field and the rules between them.
    public static func read<Source: OptionSource>(_ source: Source, into options: inout GenerationOptions) throws(Source.Failure) {
        if let value = try source.size(size, sides: sizeSides) { options.size = .closest(to: value) }
        if let value = try source.unsigned(seed, in: GenerationOptions.seedRange) { options.seed = value }
        var guidance = options.guidance
        if let value = try source.number(strength, in: 0...1) { guidance.strength = value }
        if let value = try source.number(guidanceStart, in: 0...1) { guidance.start = value }
        if let value = try source.number(guidanceEnd, in: 0...1) {
            guidance.end = value
            guard guidance.start <= value else {
                throw source.invalid(guidanceEnd, "must not be before the guidance start (\(number(guidance.start)))")
            }
        } else if guidance.end < guidance.start {
            // An end not given follows a start later than it.
            guidance.end = guidance.start
        }
        if let name = try source.text(mode, maxBytes: 20) {
            guard let value = GuidanceMode(rawValue: name) else {
                throw source.invalid(mode, "expected one of \(GuidanceMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(oneLine(name, 20))'")
            }
            guidance.mode = value
        }
        if let name = try source.text(encoding, maxBytes: 40) {
            guard let value = SketchEncoding(name) else {
                throw source.invalid(encoding, "expected one of \(SketchEncoding.names.joined(separator: ", ")), got '\(oneLine(name, 40))'")
            }
            guidance.encoding = value
        }
        options.guidance = guidance
        if let value = try source.number(sourceStrength, in: 0...1) { options.sourceStrength = value }
        if let value = try source.bool(personalization) { options.personalization = value }
        var sampling = options.sampling
        if let value = try source.text(negativePrompt, maxBytes: SamplingOverrides.maximumNegativePromptLength) { sampling.negativePrompt = value }
        if let value = try source.integer(steps, in: SamplingOverrides.stepsRange) { sampling.steps = value }
        if let value = try source.number(cfgScale, in: SamplingOverrides.cfgScaleRange) { sampling.cfgScale = value }
        for field in [sampler, scheduler] {
            guard let name = try source.text(field, maxBytes: SamplingOverrides.maximumNameLength) else { continue }
            guard !name.allSatisfy(\.isWhitespace), !name.contains(where: \.isNewline) else {
                throw source.invalid(field, "expected a \(field.key) name as the server spells it (omit it for the configuration's)")
            }
            if field == sampler { sampling.sampler = name } else { sampling.scheduler = name }
        }
        options.sampling = sampling
    }

    /// `options` as the JSON object ``read(_:into:)`` reads back (a job spec): every value set,
    /// sampling only where it overrides the engine's.
    public static func json(_ options: GenerationOptions) -> JSONValue {
        let guidance = options.guidance, sampling = options.sampling
        var object: [String: JSONValue] = [
            seed.key: .uint(options.seed),
            strength.key: .double(guidance.strength),
            guidanceStart.key: .double(guidance.start),
            guidanceEnd.key: .double(guidance.end),
            mode.key: .string(guidance.mode.rawValue),
            encoding.key: .string(guidance.encoding.description),
            sourceStrength.key: .double(options.sourceStrength),
            personalization.key: .bool(options.personalization),
        ]
        if case .closest(let value) = options.size {
            object[size.key] = ["width": .int(Int64(value.width)), "height": .int(Int64(value.height))]
        }
        if let value = sampling.negativePrompt { object[negativePrompt.key] = .string(value) }
        if let value = sampling.steps { object[steps.key] = .int(Int64(value)) }
        if let value = sampling.cfgScale { object[cfgScale.key] = .double(value) }
        if let value = sampling.sampler { object[sampler.key] = .string(value) }
        if let value = sampling.scheduler { object[scheduler.key] = .string(value) }
        return .object(object)
    }
}
