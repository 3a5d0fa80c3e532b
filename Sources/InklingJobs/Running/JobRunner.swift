import Inkling
import InklingConditioning
import InklingEngines
import InklingOutputs

/// Runs one job on an engine: the one place where a generation's progress, cancellation,
/// deadline and notices are decided, whoever runs it (``LocalJobs`` in `inkling serve`, a
/// cluster worker, `inkling render`, `inkling regress`).
///
/// ``run(_:control:deadline:report:)`` prepares the request for the engine (a failure ends the
/// job at once), says so with ``Event/started(_:)``, then reports the engine's progress (one
/// job-wide fraction, the same rule everywhere), notices and images as they come, and returns how
/// the job ended. A cancellation through the job's ``JobControl`` or its deadline stops the
/// engine's work through the creator and waits up to ``cancellationGrace`` seconds for the engine
/// to say what became of it; a job whose images all arrived meanwhile is finished all the same.
/// An error thrown by `report` (a full image store, a file that cannot be written) stops the
/// engine and ends the job with that error.
public struct JobRunner: Sendable {
    /// The engine that paints.
    public let engine: any ImageEngine
    /// Seconds a stopped job's engine gets to say what became of its work.
    public var cancellationGrace: Double
    /// Whether a source image's pixels go into the outputs' recipes (the CLI's files: yes; the
    /// server's answers: no, the client has the image).
    public var embedsSourceImage: Bool
    /// Styles whose images the caller uses for their pixels only (`inkling render` makes an
    /// emoji image set of smaller images): no full-size PNG is encoded for them.
    public var pixelsOnly: Set<Style>

    /// A runner for `engine`.
    public init(engine: any ImageEngine, cancellationGrace: Double = 5, embedsSourceImage: Bool = false, pixelsOnly: Set<Style> = []) {
        self.engine = engine
        self.cancellationGrace = cancellationGrace
        self.embedsSourceImage = embedsSourceImage
        self.pixelsOnly = pixelsOnly
    }

    /// What a running job reports, in order.
    public enum Event: Sendable {
        /// Prepared for the engine (style, size, notices), before the engine starts.
        case started(PreparedRequest)
        /// A step of the engine; the job-wide fraction it came to.
        case progress(JobProgress)
        /// A finished image, its recipe in its PNG.
        case image(GeneratedPNG)
        /// Something the engine said about the request while it ran.
        case notice(String)
    }

    /// Runs `request` until it ends, `deadline` seconds pass (`nil`: none) or `control` cancels
    /// it; `report` hears every event, one at a time, in order. A job of the live lane
    /// (`lane: .live`) reaches the engine marked as a live frame (``Conditioning/isLiveFrame``).
    public func run(_ request: JobRequest, lane: JobLane = .batch, control: JobControl = JobControl(), deadline: Double? = nil,
                    report: @escaping @Sendable (Event) async throws -> Void) async -> JobOutcome {
        let creator: InklingImageCreator
        let prepared: PreparedRequest
        do {
            creator = try await InklingImageCreator(engine: engine, options: request.options, embedsSourceImage: embedsSourceImage)
            prepared = try creator.prepare(request.concepts, style: request.style, limit: request.limit, liveFrame: lane == .live)
        } catch {
            return .failed(error)
        }
        // Cancelled while it was being prepared: the engine never sees it.
        if let reason = control.reason { return .cancelled(reason, engineWork: []) }
        do {
            try await report(.started(prepared))
        } catch {
            return .failed(error)
        }
        // The events are read by a task of their own, so a stop goes through the creator (which
        // lets the engine report what became of its work) rather than from under the reader.
        let events = creator.events(for: prepared, encodesPNG: !pixelsOnly.contains(prepared.style))
        let limit = prepared.limit
        let work = Task { () -> JobControl.Work in
            var progress = JobProgress(limit: limit)
            var count = 0
            do {
                for try await event in events {
                    switch event {
                    case .image(let image):
                        try await report(.image(image))
                        count += 1
                        // A variation done moves the job on too (an engine may send no steps); the
                        // last one's "done" says the rest.
                        if progress.finish(variation: image.recipe.variation), progress.fraction < 1 { try await report(.progress(progress)) }
                    case .progress(let variation, let step, let steps):
                        progress.step(variation: variation, step: step, steps: steps)
                        try await report(.progress(progress))
                    case .notice(let line):
                        try await report(.notice(line))
                    case .preview:
                        continue
                    }
                }
                return .finished(count)
            } catch ImageCreationError.creationCancelled(let engineWork) {
                return .cancelled(engineWork)
            } catch {
                creator.cancelAll()
                return .failed(error)
            }
        }
        let timer = deadline.map { seconds in
            Task {
                guard (try? await Task.sleep(for: .milliseconds(Int64(max(0, seconds) * 1000)))) != nil else { return }
                control.cancel(.deadline)
            }
        }
        Task { control.finish(await work.value) }
        // Cancelling the task that runs the job cancels the job (`inkling regress` stopping its cases).
        let ended = await withTaskCancellationHandler { await control.wait() } onCancel: { control.cancel(.requested) }
        timer?.cancel()
        let reason: JobCancelReason
        switch ended {
        case .work(.finished(let count)): return .finished(images: count)
        case .work(.failed(let error)): return .failed(error)
        // A cancellation none of ours asked for: the engine stopped it.
        case .work(.cancelled(let engineWork)): return .failed(ImageCreationError.creationCancelled(engineWork: engineWork))
        case .stop(let asked): reason = asked
        }
        creator.cancelAll()
        let reported = await control.workAfterStop(grace: cancellationGrace)
        switch reported {
        case .finished(let count)?:
            // Every image arrived while it was being stopped: the job is done.
            return .finished(images: count)
        case .cancelled(let engineWork)?:
            return .cancelled(reason, engineWork: engineWork)
        case .failed?, nil:
            return .cancelled(reason, engineWork: [])
        }
    }
}
