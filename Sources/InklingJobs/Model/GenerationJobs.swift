import InklingBase

/// Where the generations of `POST /v1/generations` run and where their images wait for download:
/// in this process (``LocalJobs``, the default) or on a cluster's workers (InklingCluster's
/// `ClusterJobs`, behind `inkling serve --cluster`).
///
/// The router validates and decodes a request, charges its usage tokens (``UsageLimits``), then
/// hands it to ``submit(_:)``. Whatever answers the client (one JSON document, NDJSON lines, or
/// `202` and later `GET /v1/jobs/{id}`) reads the job through ``events(of:)`` and ``status(of:requester:)``,
/// so every front end answers for every job the same way.
public protocol GenerationJobs: Sendable {
    /// Queues a validated request and returns its job id (32 lower-case hex digits) at once.
    ///
    /// - Throws: ``APIError`` 503 `queue_full` (with `Retry-After`) when the queue is full, 503
    ///   `stopping` while stopping, 503 `no_workers` / `cluster_unavailable` on a cluster.
    func submit(_ submission: JobSubmission) async throws(APIError) -> String

    /// Everything that happens to job `id`, from its first event (earlier ones are replayed), until
    /// it ends with ``JobEvent/done(count:)``, ``JobEvent/failed(_:)`` or ``JobEvent/cancelled(_:)``;
    /// the stream then finishes. Fails with ``APIError`` 404 `job_not_found` for an unknown job.
    func events(of id: String) -> AsyncThrowingStream<JobEvent, any Error>

    /// The job's state now, for `GET /v1/jobs/{id}`.
    ///
    /// - Throws: 404 `job_not_found` for an unknown or expired job, or one `requester` may not see
    ///   (a job made with an API key answers only that key, as its images do).
    func status(of id: String, requester: String?) async throws(APIError) -> JobStatus

    /// Cancels job `id`: a queued job never starts; a running one is cancelled on its engine.
    /// Returns the state after the request (``JobState/cancelled``, or still
    /// ``JobState/running`` while the engine stops); a job that has ended is left as it is.
    func cancel(_ id: String, requester: String?, reason: JobCancelReason) async throws(APIError) -> JobStatus

    /// Removes and returns image `id` (its one download), or `nil` when it is not there, has
    /// expired, or belongs to another requester.
    func takeImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]?

    /// Image `id` without taking it (for `HEAD`).
    func peekImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]?

    /// What `GET /v1/availability` reports about the queue and whoever runs the jobs.
    func availability() async -> JobsAvailability

    /// `nil` when jobs can be taken; otherwise why not, one line (for `/healthz`, which then
    /// answers 503).
    func unhealthy() async -> String?

    /// Stops taking jobs (later submissions get 503 `stopping`), lets running ones finish for up
    /// to `deadline` seconds, then cancels what is left (each answered 503 `stopping`).
    func drain(deadline: Double) async

    /// Stops at once: refuses everything and deletes what this process holds (images, inputs).
    func stop()
}

/// Why a job is being cancelled: what its client is told.
public enum JobCancelReason: Sendable, Hashable {
    /// `DELETE /v1/jobs/{id}`.
    case requested
    /// The client that was waiting for the answer closed its connection.
    case clientGone
    /// The job ran past the generation timeout (504).
    case deadline
    /// The server is stopping.
    case stopping
}
