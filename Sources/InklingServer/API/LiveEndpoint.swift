import Foundation
import InklingBase
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingHTTP
import InklingJobs
import InklingLimits
import InklingLive
import InklingTransport

/// `GET /v1/live`: a live session (``LiveSession``, docs/live.md) over a WebSocket the router
/// has already checked and upgraded (origin, key, 1 token, a live slot).
///
/// The first message must be `start` within ``startTimeout`` seconds. Frames come from the
/// built-in engine directly when it is this process's engine and this process runs the jobs
/// (``BuiltInLiveRenderer``), else as one-image jobs through the server's jobs
/// (``JobLiveRenderer``: any engine, a cluster's workers). A frame header and its image go to
/// the connection only when its send queue has room for both; until then the frame waits in a
/// ``LiveOutbox``, where a newer frame replaces it: a slow reader gets the newest frame (its
/// last answering the last revision) instead of a backlog, and the replaced frames are counted
/// in the session's state messages (`dropped`). A `keep` costs 1 usage token, like a one-image `/v1/generations`, and becomes a
/// job owned by the session's key; frames cost nothing beyond the token that opened the
/// connection: one runs at a time per session, and a client holds at most
/// `--max-live-per-client` sessions. A disconnect closes the session, which cancels the work in
/// flight down to the engine.
struct LiveEndpoint: Sendable {
    /// Seconds a connection may take to send its `start`.
    static let startTimeout = 10.0
    /// A frame is dropped rather than queued behind this many unsent bytes.
    static let frameQueueBytes = 512 << 10
    /// Guidance maps (with their rasters) a session's built-in renderer keeps: the current
    /// drawing's and a few to undo to; 2 bytes a pixel each (8 MiB at 1024² for 4).
    static let cachedMaps = 4

    let jobs: any GenerationJobs
    let engine: any ImageEngine
    let clients: @Sendable () -> UsageClient
    /// The usage limits a keep is charged to.
    let usage: any UsageLimits
    let baseOptions: @Sendable () -> GenerationOptions
    let limits: LiveLimits

    /// Runs one connection to its end.
    func run(_ connection: WebSocketConnection) async {
        let request = Router.withQueryKey(connection.request)
        let clients = self.clients()
        let owner = try? clients.owner(of: request)
        let client = (try? clients.name(of: request)) ?? "anonymous"
        let clientLimits = clients.limits(of: client)
        var messages = connection.messages.makeAsyncIterator()

        // The start, within the time allowed: a connection that sends nothing is closed.
        let timer = Task {
            try await Task.sleep(for: .seconds(Self.startTimeout))
            await connection.close(code: 1008, reason: "no start message within \(Int(Self.startTimeout)) s")
        }
        let first = try? await messages.next()
        timer.cancel()
        guard connection.isOpen else { return }
        guard case .text(let text) = first else {
            await Self.refuse(connection, APIError(400, "invalid_message", "the first message must be a text frame {\"type\": \"start\", …}"))
            return
        }
        let start: LiveStart
        do throws(APIError) {
            guard case .start(let opened) = try LiveClientMessage.decode(Array(text.utf8), limits: limits) else {
                throw APIError(409, "not_started", "the first message must be {\"type\": \"start\", \"canvas\": {\"width\", \"height\"}, …}")
            }
            start = opened
        } catch {
            await Self.refuse(connection, error)
            return
        }
        // This process's built-in engine paints directly; a cluster's front end (whose jobs run on
        // workers) and every other engine go through jobs.
        let renderer: any LiveRenderer = engine is BuiltInEngine && jobs is LocalJobs
            ? BuiltInLiveRenderer(cachedMaps: Self.cachedMaps)
            : JobLiveRenderer(jobs: jobs, owner: owner, client: client, limits: clientLimits)
        let session: LiveSession
        do {
            session = try await LiveSession.open(start, base: baseOptions(), renderer: renderer, limits: limits)
        } catch {
            await Self.refuse(connection, error)
            return
        }

        // Out: every message in order, through an outbox that holds at most one frame, the
        // newest; a frame goes to the connection only when its send queue has room for it, and
        // one replaced while it waited is counted in the session's next state message.
        let outbox = LiveOutbox()
        let feeder = Task {
            for await output in session.outputs where outbox.put(output) { await session.dropped() }
            outbox.finish()
        }
        let sender = Task {
            while let output = await outbox.take() {
                do {
                    if let image = output.binary {
                        guard connection.queuedBytes + image.count <= Self.frameQueueBytes else {
                            guard connection.isOpen else { return }
                            if outbox.putBack(output) { await session.dropped() }
                            try await Task.sleep(for: .milliseconds(10))
                            continue
                        }
                        try await connection.send(text: output.message.text)
                        try await connection.send(binary: image)
                    } else {
                        try await connection.send(text: output.message.text)
                    }
                } catch {
                    return
                }
            }
        }

        // In: every later message; a keep becomes a job.
        do {
            while let message = try await messages.next() {
                guard case .text(let text) = message else {
                    await session.report(APIError(400, "invalid_message", "messages are JSON text frames; a binary frame was sent"))
                    continue
                }
                guard let keep = await session.receive(Array(text.utf8)) else { continue }
                do {
                    try await usage.charge(client, cost: 1, limits: clientLimits)
                    let id = try await jobs.submit(keep.submission(owner: owner, client: client, limits: clientLimits))
                    await session.kept(LiveKept(revision: keep.revision, job: id, url: "/v1/jobs/" + id))
                } catch {
                    await session.report(error)
                }
            }
        } catch {
            // The connection failed (violation, idle, gone): the session ends below.
        }
        await session.close()
        await feeder.value
        await sender.value
        if connection.isOpen { await connection.close(code: 1000, reason: "session ended") }
    }

    /// Sends `error` and closes the connection (a session that could not start).
    private static func refuse(_ connection: WebSocketConnection, _ error: APIError) async {
        try? await connection.send(text: LiveServerMessage.error(error).text)
        await connection.close(code: 1008, reason: String(error.code.prefix(100)))
    }
}
