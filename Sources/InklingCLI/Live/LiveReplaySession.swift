import Foundation
import InklingBase
import InklingTransport

/// One live session that replays a drawing over `GET /v1/live`: `start`, then each stroke at
/// its pen-up (or, with `fast`, as soon as the previous stroke's frame arrived), `points` of the
/// stroke in progress if asked, then waits for the frame of the last revision and, with `keep`,
/// for the job it becomes. Stroke i is revision i (the start is revision 0).
struct LiveReplaySession: Sendable {
    /// How strokes are paced.
    enum Pace: Sendable, Equatable {
        /// At the plan's times; with `points`, the stroke in progress at 30 messages a second.
        case timed(points: Bool)
        /// Each stroke once the previous one's revision was answered.
        case fast
    }

    var url: URL
    var headers: [String: String]
    var plan: LiveReplayPlan
    var start: String
    var pace: Pace
    var keep: Bool
    var frames: LiveFrameWriter?
    /// Seconds the whole session may take, from connecting to the last frame (and the kept job).
    var timeout: Double

    /// Runs the session; what it saw, or a one-line failure (exit status 4).
    func run() async throws(CommandFailure) -> LiveReplayLog.Snapshot {
        let log = LiveReplayLog()
        let client: WebSocketClient
        do {
            client = try await WebSocketClient.connect(to: url, timeout: min(10, timeout), headers: headers)
        } catch {
            throw CommandFailure(.failure, Self.describe(error))
        }
        let frames = self.frames
        let receiver = Task { await Self.receive(client, into: log, frames: frames) }
        do {
            try await client.send(text: start)
            try await replay(client, log)
            let last = plan.steps.count
            if await !log.waitUntilAnswered(last, deadline: timeout) {
                let answered = await log.answered
                await log.fail("no frame answered revision \(last) within --timeout \(NumberText.compact(timeout)) s (the newest answered: \(max(answered, 0)))")
            } else if keep {
                try await client.send(text: #"{"type":"keep"}"#)
                if await log.waitUntilKept(deadline: timeout) == nil {
                    await log.fail("no answer to keep within --timeout \(NumberText.compact(timeout)) s")
                }
            }
        } catch {
            await log.fail(Self.describe(error))
        }
        receiver.cancel()
        await receiver.value
        await client.close(timeout: 2)
        if let failure = await log.failure { throw CommandFailure(.failure, failure) }
        return await log.snapshot()
    }

    /// Sends every stroke as ``pace`` says.
    private func replay(_ client: WebSocketClient, _ log: LiveReplayLog) async throws {
        let messages = plan.steps.map { LiveReplayPlan.strokeMessage($0.stroke) }
        for (i, step) in plan.steps.enumerated() {
            switch pace {
            case .fast:
                if i > 0, await !log.waitUntilAnswered(i, deadline: timeout) { return }
            case .timed(let points):
                if points {
                    await Self.sleep(until: step.start, log)
                    try await sendPoints(step, client, log)
                }
                await Self.sleep(until: step.end, log)
            }
            if await log.failure != nil { return }
            guard log.now() < timeout else {
                return await log.fail("the replay did not finish within --timeout \(NumberText.compact(timeout)) s (\(i) of \(plan.steps.count) strokes sent)")
            }
            try await client.send(text: messages[i])
            await log.strokeSent(at: log.now())
        }
    }

    /// `points` messages of the stroke in progress until its pen-up, each when more points were drawn.
    private func sendPoints(_ step: LiveReplayPlan.Step, _ client: WebSocketClient, _ log: LiveReplayLog) async throws {
        let offsets = step.stroke.path.points.map { $0.timeOffset / plan.speed }
        var sentCount = 0
        while log.now() < step.end, log.now() < timeout {
            if await log.failure != nil { return }
            let elapsed = log.now() - step.start
            let drawn = elapsed >= 0 ? offsets.prefix { $0 <= elapsed }.count : 0
            if drawn > sentCount {
                try await client.send(text: LiveReplayPlan.pointsMessage(step.stroke, count: drawn))
                sentCount = drawn
            }
            await Self.sleep(until: min(step.end, log.now() + 1.0 / 30), log)
        }
    }

    private static func sleep(until time: Double, _ log: LiveReplayLog) async {
        let left = time - log.now()
        if left > 0 { try? await Task.sleep(nanoseconds: UInt64(left * 1e9)) }
    }

    /// Reads the server's messages into `log` (writing frames) until cancelled or the connection ends.
    private static func receive(_ client: WebSocketClient, into log: LiveReplayLog, frames: LiveFrameWriter?) async {
        var header: (revision: Int, bytes: Int, mime: String)?
        while !Task.isCancelled {
            let message: WebSocketClient.Message?
            do {
                message = try await client.receive(timeout: 0.25)
            } catch is CancellationError {
                return
            } catch {
                return await log.fail(describe(error))
            }
            let time = log.now()
            switch message {
            case nil:
                continue
            case .text(let text):
                guard header == nil else { return await log.fail("the server sent a text message where a frame's image was due") }
                guard let json = try? JSONValue.parse(Array(text.utf8)), let type = json["type"]?.string else {
                    return await log.fail("the server sent a message that is not a JSON object with a type: \(text.prefix(80))")
                }
                switch type {
                case "frame":
                    guard let revision = json["revision"]?.int, revision >= 0, let bytes = json["bytes"]?.int, bytes >= 0 else {
                        return await log.fail("the server sent a frame without a revision and a byte count")
                    }
                    header = (revision, bytes, json["mime"]?.string ?? "")
                case "state":
                    await log.state(revision: json["revision"]?.int, answered: json["answered"]?.int, dropped: json["dropped"]?.int)
                case "kept":
                    await log.kept(json["job"]?.string ?? json["url"]?.string ?? "?")
                case "error":
                    let code = json["code"]?.string ?? "error", status = json["status"]?.int.map { " (\($0))" } ?? ""
                    return await log.fail("the server answered \(code)\(status): \(json["message"]?.string?.prefix(300) ?? "")")
                default:
                    continue  // a message type newer than this client
                }
            case .binary(let bytes):
                guard let frame = header else { return await log.fail("the server sent an image without a frame message before it") }
                guard bytes.count == frame.bytes else {
                    return await log.fail("frame \(frame.revision): \(bytes.count) bytes arrived, its message said \(frame.bytes)")
                }
                header = nil
                await log.frame(frame.revision, at: time)
                do {
                    try frames?.write(bytes, revision: frame.revision, mime: frame.mime)
                } catch {
                    return await log.fail(error.message)
                }
            }
        }
    }

    /// One line for a connection failure, with what to do.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? WebSocketError else { return "\(error)" }
        switch error {
        case .connectFailed(let why):
            return "cannot connect to the server (\(why)); is `inkling serve` running at --server?"
        case .handshakeFailed(let why) where why.contains(" 401 ") || why.contains(" 403 "):
            return "the server refused the live connection: \(why); pass its API key with --key or INKLING_API_KEY"
        case .handshakeFailed(let why):
            return "the server did not open a live session: \(why)"
        default:
            return error.description
        }
    }
}
