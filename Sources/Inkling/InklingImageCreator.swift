import Foundation
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingOutputs

/// Creates images from concepts, shaped like Image Playground's `ImageCreator`, usable on a server.
///
/// ```swift
/// let creator = try await InklingImageCreator()
/// for try await image in creator.images(for: [.text("a cosy house"), .drawing(d)], style: .sketch, limit: 2) {
///     try image.move(to: URL(fileURLWithPath: "house-\(image.recipe.variation).png"))
/// }
/// ```
///
/// ``images(for:style:limit:)`` yields PNG files in the creator's ``session`` directory, each
/// carrying its ``Recipe``; move the ones you keep. Nothing is deleted automatically except the
/// files of a cancelled request; call `session.removeAll()` when done with the rest. To plan a
/// request once and get its images as PNG bytes in memory, with the engine's progress, use
/// ``prepare(_:style:limit:)`` and ``events(for:)``.
public final class InklingImageCreator: Sendable {
    /// The Inkling release recorded in recipes.
    public static let version = "0.1.0"

    /// The engine that paints.
    public let engine: any ImageEngine
    /// Options every request uses.
    public let options: GenerationOptions
    /// Where results are written until moved.
    public let session: OutputSession
    /// Whether outputs embed the source image's pixels (needed for replay; costs about 4/3 of
    /// its PNG size per output).
    public let embedsSourceImage: Bool
    private let active = ActiveRequests()

    /// Checks that `engine` can generate now and that `options` are in range.
    ///
    /// - Throws: ``ImageCreationError/notSupported(reason:)`` or
    ///   ``ImageCreationError/unavailable(reason:)`` with the engine's reason, or
    ///   ``ImageCreationError/invalidOption(_:)``.
    public init(engine: any ImageEngine = BuiltInEngine(), options: GenerationOptions = .init(),
                embedsSourceImage: Bool = true, session: OutputSession = OutputSession()) async throws(ImageCreationError) {
        try RequestPlanner.validate(options)
        switch await engine.availability() {
        case .available: break
        case .notSupported(let reason): throw .notSupported(reason: reason)
        case .unavailable(let reason): throw .unavailable(reason: reason)
        }
        self.engine = engine
        self.options = options
        self.session = session
        self.embedsSourceImage = embedsSourceImage
    }

    /// The styles a request may use: the engine's, narrowed to the allowed ones.
    public var availableStyles: [Style] { engine.capabilities.styles.filter(options.allowedStyles.contains) }

    /// Whether generation is possible with `engine`, and the facts `inkling doctor` prints: the
    /// engine's diagnosis (server reachable, models installed) plus its sizes and languages.
    public static func availability(engine: any ImageEngine = BuiltInEngine()) async -> Availability {
        Availability(engine: engine, diagnosis: await engine.diagnose())
    }

    /// Plans a request once: checks it, chooses its style, renders its guidance map and asks
    /// the engine what it will not honour. The result is what ``events(for:)`` and
    /// ``images(for:)`` generate, so nothing is planned twice.
    ///
    /// The style is `style`, else one asked for in the text ("as a pencil sketch"), else the
    /// options' default. `liveFrame` marks it a live session's frame
    /// (``Conditioning/isLiveFrame``): an engine with live settings samples it with those.
    ///
    /// - Throws: the ``ImageCreationError`` the request would end with.
    public func prepare(_ concepts: [Concept], style: Style? = nil, limit: Int = 1, liveFrame: Bool = false) throws(ImageCreationError) -> PreparedRequest {
        var plan = try planner.plan(concepts, style: style, limit: limit)
        plan.conditioning.isLiveFrame = liveFrame
        return PreparedRequest(style: plan.conditioning.style, limit: limit, notices: notices(for: plan.conditioning), plan: plan)
    }

    /// Generates the variations of `request` and reports, as they happen, the engine's progress,
    /// previews and notices and each image, as PNG bytes in memory (no file is written).
    /// Variations run concurrently, at most one per processor core, and arrive in order of
    /// completion.
    ///
    /// Cancellation: when the consumer stops iterating or its task is cancelled, the work stops
    /// (the iteration then simply ends, as `AsyncThrowingStream` does on cancellation). When the
    /// work is cancelled otherwise (``cancelAll()``, an engine stopping), a waiting consumer gets
    /// ``ImageCreationError/creationCancelled(engineWork:)``, saying what became of a remote
    /// engine's work.
    ///
    /// `encodesPNG` false: each image comes with its pixels only (``GeneratedPNG/init(pixels:recipe:)``),
    /// for a caller that makes smaller images from it (an emoji image set) and would throw the
    /// full-size PNG away.
    public func events(for request: PreparedRequest, encodesPNG: Bool = true) -> AsyncThrowingStream<CreationEvent, Error> {
        stream(for: request, encoding: encodesPNG ? .current : nil) { event, continuation in
            if case .terminated = continuation.yield(event) { throw CancellationError() }
        }
    }

    /// Generates the variations of `request` and yields each as soon as it is written to a
    /// temporary PNG file in ``session``, as ``events(for:)`` does with the images alone.
    ///
    /// Cancellation: as in ``events(for:)``; besides, every temporary file of the request that
    /// the consumer has not received is removed (images already yielded stay: they are the
    /// caller's to move).
    public func images(for request: PreparedRequest) -> AsyncThrowingStream<GeneratedImage, Error> {
        let stem = UUID().uuidString.lowercased().prefix(8)
        let files = RequestFiles()
        let session = session
        return stream(for: request, files: files) { event, continuation in
            guard case .image(let result) = event else { return }
            let image = try session.write(result, name: "\(stem)-\(result.recipe.variation + 1).png")
            files.add(image.url)
            if case .terminated = continuation.yield(image) { throw CancellationError() }
            files.markDelivered(image.url)
        }
    }

    /// Generates up to `limit` (1…4) variations and yields each as soon as it is written:
    /// ``prepare(_:style:limit:)``, then ``images(for:)``. Errors (``ImageCreationError``) end
    /// the stream before any work when the request is invalid.
    public func images(for concepts: [Concept], style: Style? = nil, limit: Int = 1) -> AsyncThrowingStream<GeneratedImage, Error> {
        do {
            return images(for: try prepare(concepts, style: style, limit: limit))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// The stream of a prepared request, each event handed to `deliver` with the continuation;
    /// the request is registered for ``cancelAll()`` until it ends.
    private func stream<Element: Sendable>(
        for request: PreparedRequest, files: RequestFiles? = nil, encoding: OutputEncoding? = .current,
        deliver: @escaping @Sendable (CreationEvent, AsyncThrowingStream<Element, Error>.Continuation) throws -> Void
    ) -> AsyncThrowingStream<Element, Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, throwing: Error.self)
        let id = active.reserve()
        let task = Task { [engine, session, active] in
            defer { active.remove(id) }
            let work = CancelledEngineWork()
            do {
                try await Self.run(request.plan, variations: Array(0..<request.limit), engine: engine, work: work, recipeOverride: nil,
                                   encoding: encoding) {
                    try deliver($0, continuation)
                }
                try Task.checkCancellation()
                continuation.finish()
            } catch {
                if let files { session.remove(files.undelivered) }
                continuation.finish(throwing: Task.isCancelled ? ImageCreationError.creationCancelled(engineWork: work.summaries) : Self.mapped(error))
            }
        }
        active.insert(task, id: id)
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }

    /// Checks a request as ``images(for:style:limit:)`` would, without generating, and returns
    /// the style it would be painted in (so callers can name outputs before any work). To
    /// validate and then generate, ``prepare(_:style:limit:)`` plans once for both.
    ///
    /// - Throws: the ``ImageCreationError`` the request would end with.
    public func validate(_ concepts: [Concept], style: Style? = nil, limit: Int = 1) throws(ImageCreationError) -> Style {
        try planner.plan(concepts, style: style, limit: limit, renderGuidance: false).conditioning.style
    }

    /// What the engine will not honour of this request (a guidance control its API lacks, a
    /// seed it cannot take), one line each; empty when it honours everything. Also in
    /// ``PreparedRequest/notices``.
    ///
    /// - Throws: the ``ImageCreationError`` the request would end with.
    public func notices(for concepts: [Concept], style: Style? = nil, limit: Int = 1) throws(ImageCreationError) -> [String] {
        notices(for: try planner.plan(concepts, style: style, limit: limit, renderGuidance: false).conditioning)
    }

    /// The engine's notices for `conditioning`, after one of the creator's own: a size asked for
    /// that the engine does not make (the closest one it makes is used).
    private func notices(for conditioning: Conditioning) -> [String] {
        var notices: [String] = []
        if case .closest(let asked) = options.size, asked != conditioning.size {
            notices.append("the \(engine.identifier) engine makes no \(asked) images: \(conditioning.size), the closest size it makes, is used")
        }
        return notices + engine.notices(for: conditioning)
    }

    /// The planner of this creator's requests.
    private var planner: RequestPlanner {
        RequestPlanner(capabilities: engine.capabilities, engine: engine.identifier, options: options, embedsSourceImage: embedsSourceImage)
    }

    /// Cancels every request of this creator in flight; their consumers get
    /// ``ImageCreationError/creationCancelled(engineWork:)`` once the engines have stopped
    /// their work (remote adapters take up to a few seconds to tell the server).
    public func cancelAll() { active.cancelAll() }

    /// Regenerates the image a recipe describes; with the same engine the PNG is byte-identical
    /// when `encoding` is the original file's (``OutputEncoding/of(png:)``: files written before
    /// 2026-12-03 were compressed otherwise).
    ///
    /// - Throws: ``RecipeError`` when the recipe cannot be used (a source image that was not
    ///   embedded, an invalid drawing), ``ImageCreationError`` otherwise (a different engine is
    ///   ``ImageCreationError/notSupported(reason:)``).
    public func replay(_ recipe: Recipe, encoding: OutputEncoding = .current) async throws -> GeneratedImage {
        guard recipe.engine == engine.identifier else {
            throw ImageCreationError.notSupported(reason: "the recipe was made by the \(recipe.engine) engine, this creator uses \(engine.identifier)")
        }
        let plan = try RecipeReplay.plan(recipe, capabilities: engine.capabilities)
        let work = CancelledEngineWork()
        let result = ReplayResult()
        do {
            try await Self.run(plan, variations: [recipe.variation], engine: engine, work: work, recipeOverride: recipe,
                               encoding: encoding) { event in
                if case .image(let png) = event { result.set(png) }
            }
            guard let png = result.value else { throw ImageCreationError.creationFailed(reason: "the engine produced no image") }
            let stem = UUID().uuidString.lowercased().prefix(8)
            return try session.write(png, name: "\(stem)-\(recipe.variation + 1).png")
        } catch {
            throw Task.isCancelled ? ImageCreationError.creationCancelled(engineWork: work.summaries) : Self.mapped(error)
        }
    }

    /// Maps engine, output and cancellation errors onto ``ImageCreationError``.
    static func mapped(_ error: any Error) -> any Error {
        switch error {
        case is CancellationError: ImageCreationError.creationCancelled()
        case let error as ImageCreationError: error
        case let error as RecipeError: error
        case let error as OutputError: ImageCreationError.outputFailed(error.description)
        default: ImageCreationError.engine(error)
        }
    }
}
