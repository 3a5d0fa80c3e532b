import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingImageIO
import InklingStrokes

/// Live frames from the built-in engine, in this process: the drawing's guidance map (reused
/// while only the prompt or options change, new strokes painted onto the last one), one painting with the session's seed, a JPEG.
///
/// The size is the options' (`size`), else the canvas's aspect, resolved among the engine's
/// sizes as `/v1/generations` resolves it. Cancellation is checked between the stages.
public struct BuiltInLiveRenderer: LiveRenderer {
    /// JPEG quality, 1…100 (default 80).
    public var quality: Int
    private let engine = BuiltInEngine()
    private let cache: GuidanceMapCache

    /// A renderer; `cachedMaps` guidance maps are kept across its sessions.
    public init(quality: Int = 80, cachedMaps: Int = 16) {
        self.quality = quality
        cache = GuidanceMapCache(capacity: cachedMaps)
    }

    /// Guidance maps made whole, made by adding strokes to a kept one, and reused, so far.
    public var guidanceMaps: (made: Int, added: Int, reused: Int) {
        let counts = cache.statistics
        return (counts.made, counts.added, counts.reused)
    }

    public func render(_ request: LiveRenderRequest) async throws -> LiveFrame {
        let options = request.options
        let text = try request.prompt.map { prompt in
            try ConceptResolver(supportedLanguages: BuiltInEngine.languages).resolve([.text(prompt)])
        }
        let style = try StyleResolution.resolve(requested: request.style, textRequest: text?.styleRequest, options: options).style
        let size = options.size.following(request.drawing).resolve(among: BuiltInEngine.supportedSizes)
        let drawing = request.drawing.strokes.isEmpty ? nil : request.drawing
        var guidance: GuidanceMap?
        if let drawing {
            let encoding = options.guidance.encoding
            let mapOptions = GuidanceOptions(width: size.width, height: size.height, encoding: encoding.encoding, polarity: encoding.polarity)
            guidance = try cache.map(session: request.session, drawing: drawing, renderer: GuidanceRenderer(options: mapOptions))
        }
        try Task.checkCancellation()
        let language = text?.language.flatMap { BuiltInEngine.languages.contains($0.code) ? $0.code : nil }
        let conditioning = Conditioning(
            phrases: text?.phrases ?? [], title: text?.title, language: language, style: style, size: size, drawing: drawing,
            guidance: guidance, personalization: options.personalization, seed: options.seed, controls: options.guidance,
            sourceStrength: options.sourceStrength, sampling: options.sampling)
        let image = try await engine.generate(conditioning, variation: 0)
        try Task.checkCancellation()
        let bytes = try JPEGCodec.encode(image, quality: quality)
        return LiveFrame(revision: request.revision, bytes: bytes, width: image.width, height: image.height)
    }
}
