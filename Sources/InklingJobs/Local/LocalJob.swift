import Foundation

/// What ``LocalJobs`` remembers of one job: its request until it ends, its status, its events
/// (replayed to every reader from the first) and the readers waiting for more. Changed only under
/// ``LocalJobs``' lock.
struct LocalJob {
    /// A reader of ``GenerationJobs/events(of:)``.
    typealias Reader = AsyncThrowingStream<JobEvent, any Error>.Continuation

    let id: String
    /// Who may see it (``JobSubmission/owner``).
    let owner: String?
    /// The client's share of the image store, when its key sets one.
    var storeShare: Int?
    /// Who asked (``JobSubmission/client``): its images count against that client's share.
    var client: String?
    /// Images asked for.
    let limit: Int
    /// Its line in the queue (``JobSubmission/lane``): a queued live job starts first.
    var lane: JobLane = .batch
    /// When it was submitted (a job queued for longer than the TTL is dropped).
    let submitted: ContinuousClock.Instant
    /// The request, held while it waits; handed to the work when it starts, so nothing a client
    /// sent stays here.
    var request: GenerationRequest?
    var state: JobState = .queued
    var style: String?
    var images: [JobImage] = []
    var error: APIError?
    var attempts = 0
    /// What ends the wait for it while it runs (``LocalJobs`` offers cancellations to it).
    var ending: JobControl?
    /// 0…1, as ``JobRunner`` last reported it (``JobProgress/fraction``).
    var progress = 0.0
    /// Everything that happened, in order; consecutive progress events are kept as the last one.
    private(set) var events: [JobEvent] = []
    /// Readers waiting for events to come.
    var readers: [Int: Reader] = [:]
    /// When it ended.
    var ended: ContinuousClock.Instant?

    init(id: String, owner: String?, request: GenerationRequest, submitted: ContinuousClock.Instant) {
        self.id = id
        self.owner = owner
        limit = request.limit
        self.request = request
        self.submitted = submitted
    }

    /// Whether `requester` may see it: a job made with an owner answers only that owner.
    func isVisible(to requester: String?) -> Bool { owner == nil || owner == requester }

    /// The status `GET /v1/jobs/{id}` reports, `position` being its place in the queue.
    func status(position: Int?) -> JobStatus {
        JobStatus(id: id, state: state, position: state == .queued ? position : nil, worker: nil,
                  progress: state == .succeeded ? 1 : progress, limit: limit, style: style, images: images, error: error,
                  attempts: attempts)
    }

    /// Records `event`: the status follows it, every reader gets it, and a final event ends the
    /// readers' streams and lets go of the request. Returns `false`, recording nothing, once the
    /// job has ended.
    @discardableResult
    mutating func record(_ event: JobEvent, at now: ContinuousClock.Instant) -> Bool {
        guard !state.isFinal else { return false }
        switch event {
        case .started(let style, _, _, _):
            state = .running
            self.style = style
        case .progress:
            break
        case .image(let image):
            images.append(image)
        case .done:
            state = .succeeded
        case .failed(let error):
            state = .failed
            self.error = error
        case .cancelled(let error):
            state = .cancelled
            self.error = error
        }
        if case .progress = event, case .progress? = events.last {
            events[events.count - 1] = event
        } else {
            events.append(event)
        }
        for reader in readers.values { reader.yield(event) }
        if event.isFinal {
            // Finishing calls each reader's termination handler at once, with `.finished`,
            // which LocalJobs ignores (it would otherwise take the lock held around this).
            for reader in readers.values { reader.finish() }
            readers = [:]
            request = nil
            ending = nil
            ended = now
        }
        return true
    }
}
