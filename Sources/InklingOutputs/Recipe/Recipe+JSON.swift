import InklingBase
import InklingConditioning

extension Recipe {
    /// The recipe as compact JSON, keys in a fixed order (the `inkling:recipe` chunk's text),
    /// written by ``JSONWriter`` (numbers by ``NumberText``'s rule: doubles read back bit for
    /// bit). The 64-bit seed is written as a string of digits, which every JSON reader keeps whole.
    ///
    /// The source image's pixels are not part of it (they go in `inkling:source`); whether they
    /// were embedded is recorded as `source.embedded`.
    public func jsonText() -> String {
        var w = JSONWriter(capacity: 512 + (drawing?.json.utf8.count ?? 0) * 5 / 4)
        w.openObject()
        w.key("format"); w.string("inkling.recipe")
        w.key("version"); w.integer(Self.formatVersion)
        w.key("inkling"); w.string(inklingVersion)
        w.key("engine"); w.string(engine)
        w.key("style"); w.string(style.rawValue)
        w.key("size"); w.openObject()
        w.key("width"); w.integer(size.width)
        w.key("height"); w.integer(size.height)
        w.closeObject()
        w.key("seed"); w.string(String(seed))
        w.key("variation"); w.integer(variation)
        w.key("guidance"); w.openObject()
        w.key("strength"); w.number(guidance.strength)
        w.key("start"); w.number(guidance.start)
        w.key("end"); w.number(guidance.end)
        w.key("mode"); w.string(guidance.mode.rawValue)
        // Written only when chosen, so recipes of scribble requests read as before.
        if guidance.encoding != .scribble { w.key("encoding"); w.string(guidance.encoding.description) }
        w.closeObject()
        w.key("sourceStrength"); w.number(sourceStrength)
        w.key("personalization"); w.bool(personalization)
        w.key("concepts"); w.openArray()
        for concept in concepts { write(concept, to: &w) }
        w.closeArray()
        w.key("phrases"); w.openArray()
        for phrase in phrases {
            w.openObject()
            w.key("text"); w.string(phrase.text)
            w.key("weight"); w.number(phrase.weight)
            w.closeObject()
        }
        w.closeArray()
        w.field("title", title)
        w.field("language", language)
        w.key("drawing")
        if let drawing {
            w.openObject()
            w.key("sha256"); w.string(drawing.sha256)
            w.key("json"); w.string(drawing.json)
            w.closeObject()
        } else {
            w.null()
        }
        w.key("source")
        if let source {
            w.openObject()
            w.key("sha256"); w.string(source.sha256)
            w.field("origin", source.origin)
            w.key("width"); w.integer(source.width)
            w.key("height"); w.integer(source.height)
            w.key("format"); w.string(source.format.rawValue)
            w.key("embedded"); w.bool(source.image != nil)
            w.closeObject()
        } else {
            w.null()
        }
        if !sampling.isEmpty { writeSampling(to: &w) }
        w.closeObject()
        return w.text
    }

    /// The `sampling` object: only the settings the request set.
    private func writeSampling(to w: inout JSONWriter) {
        w.key("sampling"); w.openObject()
        if let value = sampling.negativePrompt { w.key("negativePrompt"); w.string(value) }
        if let value = sampling.steps { w.key("steps"); w.integer(value) }
        if let value = sampling.cfgScale { w.key("cfgScale"); w.number(value) }
        if let value = sampling.sampler { w.key("sampler"); w.string(value) }
        if let value = sampling.scheduler { w.key("scheduler"); w.string(value) }
        w.closeObject()
    }

    private func write(_ concept: RecipeConcept, to w: inout JSONWriter) {
        w.openObject()
        switch concept {
        case .text(let text):
            w.key("kind"); w.string("text")
            w.key("text"); w.string(text)
        case .extracted(let text, let title):
            w.key("kind"); w.string("extracted")
            w.key("text"); w.string(text)
            w.field("title", title)
        case .image(let origin):
            w.key("kind"); w.string("image")
            w.field("origin", origin)
        case .drawing:
            w.key("kind"); w.string("drawing")
        }
        w.closeObject()
    }
}

extension JSONWriter {
    /// `name: value` for an optional string (`null` when absent).
    mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }
}
