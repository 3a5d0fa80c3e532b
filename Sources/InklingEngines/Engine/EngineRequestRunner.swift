import InklingImageIO

/// Runs the variations of an ``EngineRequest`` as an event stream: what they share prepared
/// once, then at most ``EngineRequest/concurrency`` variations at a time, each image reported as
/// it is done. What ``ImageEngine/images(for:)`` is built on, by default and in the adapters.
public enum EngineRequestRunner {
    /// The stream of `request`: `prepare` runs once, then `generate` for each variation with
    /// the prepared value and a sink for its progress.
    ///
    /// Stopping (``EngineRequest/stop``, or the consumer ending its iteration) cancels the
    /// work; each ``EngineFailure/cancelled(service:summary:)`` a cancelled step throws is
    /// reported as ``EngineEvent/cancelled(summary:)`` before the stream ends with the error.
    /// A failure of kind `unreachable` or `unavailable` invalidates `availability`.
    public static func stream<Prepared: Sendable>(
        _ request: EngineRequest, availability: EngineAvailabilityCache? = nil,
        prepare: @escaping @Sendable () async throws -> Prepared,
        generate: @escaping @Sendable (_ prepared: Prepared, _ variation: Int, _ report: @escaping @Sendable (EngineEvent) -> Void) async throws -> RasterImage
    ) -> AsyncThrowingStream<EngineEvent, Error> {
        stream(request, availability: availability, prepare: prepare) { prepared, variation, report in
            (try await generate(prepared, variation, report), nil)
        }
    }

    /// ``stream(_:availability:prepare:generate:)`` for an engine whose images arrive encoded:
    /// `generate` returns the pixels and, when it has them, the PNG they were decoded from, which
    /// is reported as ``EngineEvent/encodedImage(variation:image:png:)``.
    public static func stream<Prepared: Sendable>(
        _ request: EngineRequest, availability: EngineAvailabilityCache? = nil,
        prepare: @escaping @Sendable () async throws -> Prepared,
        generateEncoded generate: @escaping @Sendable (_ prepared: Prepared, _ variation: Int, _ report: @escaping @Sendable (EngineEvent) -> Void) async throws -> (image: RasterImage, png: [UInt8]?)
    ) -> AsyncThrowingStream<EngineEvent, Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: EngineEvent.self, throwing: Error.self)
        let report: @Sendable (EngineEvent) -> Void = { continuation.yield($0) }
        let task = Task {
            do {
                let prepared = try await recording(report) { try await prepare() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    var pending = request.variations[...]
                    func start(_ variation: Int) {
                        group.addTask {
                            let (image, png) = try await recording(report) { try await generate(prepared, variation, report) }
                            try Task.checkCancellation()
                            if let png {
                                report(.encodedImage(variation: variation, image: image, png: png))
                            } else {
                                report(.image(variation: variation, image: image))
                            }
                        }
                    }
                    for _ in 0..<request.concurrency { if let next = pending.popFirst() { start(next) } }
                    for try await _ in group { if let next = pending.popFirst() { start(next) } }
                }
                try Task.checkCancellation()
                continuation.finish()
            } catch {
                if let availability, invalidates(error) { availability.invalidate() }
                continuation.finish(throwing: error)
            }
        }
        request.stop.onStop { task.cancel() }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Runs `body`, reporting the summary of an engine cancellation it throws once cancelled.
    private static func recording<T>(_ report: @Sendable (EngineEvent) -> Void, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as EngineFailure where failure.kind == .cancelled && Task.isCancelled {
            report(.cancelled(summary: failure.message))
            throw failure
        }
    }

    /// Whether `error` says the engine is not there to be used (so a cached "available" is stale).
    static func invalidates(_ error: any Error) -> Bool {
        let kind = EngineFailureKind.of(error)
        return kind == .unreachable || kind == .unavailable
    }
}
