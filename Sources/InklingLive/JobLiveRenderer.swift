import Foundation
import InklingBase
import InklingConditioning
import InklingImageIO
import InklingJobs
import InklingStrokes

/// Makes a live session's frames as ordinary generation jobs (``GenerationJobs``): one image
/// per revision, the session's fixed seed, through whatever runs the jobs — this process's
/// engine (ComfyUI, sd-server, A1111…) or a cluster's workers. The image is taken from the store
/// at once (it is the session's, not a download) and re-encoded as a JPEG frame. Each job is
/// submitted in the ``JobLane/live`` lane, so it starts before queued batch jobs; it counts
/// against the client's generations at once and the queue's bound like any job.
///
/// A cancelled render cancels its job on the engine. Progress events are passed on.
public struct JobLiveRenderer: LiveRenderer {
    /// What runs the jobs.
    public var jobs: any GenerationJobs
    /// The API key's client that owns the session, or `nil`.
    public var owner: String?
    /// The client the jobs count against (limits, fair store), or `nil`.
    public var client: String?
    /// That client's limits.
    public var limits: ClientLimits
    /// JPEG quality of the frames, 1…100.
    public var quality: Int

    /// A renderer submitting through `jobs` for `owner` / `client`.
    public init(jobs: any GenerationJobs, owner: String?, client: String? = nil, limits: ClientLimits = ClientLimits(), quality: Int = 80) {
        self.jobs = jobs
        self.owner = owner
        self.client = client
        self.limits = limits
        self.quality = quality
    }

    public func render(_ request: LiveRenderRequest) async throws -> LiveFrame {
        var concepts: [Concept] = []
        if let prompt = request.prompt { concepts.append(.text(prompt)) }
        if !request.drawing.strokes.isEmpty { concepts.append(.drawing(request.drawing)) }
        let job = JobRequest(concepts: concepts, style: request.style, limit: 1, options: request.options)
        // In the live lane: it starts before every queued batch job (never preempting a running one).
        let id = try await jobs.submit(JobSubmission(request: GenerationRequest(job: job), owner: owner, client: client, limits: limits, lane: .live))
        do {
            for try await event in jobs.events(of: id) {
                try Task.checkCancellation()
                switch event {
                case .progress(let fraction):
                    request.progress(fraction)
                case .image(let image):
                    guard let png = try await jobs.takeImage(image.id, requester: owner) else {
                        throw APIError(500, "render_failed", "the live frame's image was gone from the store before it was read")
                    }
                    let decoded = try ImageFile.decode(png, name: "live frame", maxPixels: 1 << 26)
                    let jpeg = try JPEGCodec.encode(decoded, quality: quality)
                    return LiveFrame(revision: request.revision, bytes: jpeg, width: image.width, height: image.height)
                case .failed(let error), .cancelled(let error):
                    throw error
                case .done:
                    throw APIError(500, "render_failed", "the live frame's job ended without an image")
                case .started:
                    break
                }
            }
            throw APIError(500, "render_failed", "the live frame's job ended without a word")
        } catch {
            // Cancelled (a newer revision, or the session closing): stop the engine's work too.
            if error is CancellationError || Task.isCancelled {
                _ = try? await jobs.cancel(id, requester: owner, reason: .clientGone)
                throw CancellationError()
            }
            throw error
        }
    }
}
