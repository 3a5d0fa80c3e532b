import InklingLimits
import InklingHTTP
import InklingJobs
import Foundation
import InklingBase

/// A client of `POST /v1/generations` that waits on its connection for the answer (without
/// `async`): served from its job's events (``GenerationJobs/events(of:)``), so the same code
/// answers for a job run in this process or on a cluster's worker.
///
/// Without `stream` the answer is one JSON document once every image is done; with it,
/// newline-delimited JSON: `started`, `progress` (when the engine reports it), one `image` line
/// per image as it finishes, then `done`, or `error` for a failure after the stream has begun.
/// A failure before the job started is an ordinary HTTP error. A client that hangs up cancels its
/// job (and so the engine's work); images no one will fetch are deleted: all of a failed or
/// undeliverable one-document answer's, and those a stream could not announce.
struct WaitingClient: Sendable {
    let jobs: any GenerationJobs
    /// The job.
    let id: String
    /// Who may take its images (``JobSubmission/owner``).
    let owner: String?
    /// Whether the answer is a stream of lines.
    let stream: Bool
    let reply: Responder

    /// How often the connection is checked for a hang-up (libmicrohttpd does not watch a
    /// suspended connection; the shim's watchdog marks one that closed).
    static let hangUpCheck = Duration.milliseconds(100)

    /// Answers the client once its job has ended.
    func serve() async {
        let watcher = Task { [reply, self] in
            while !Task.isCancelled {
                if reply.isClosed { return await hungUp() }
                try? await Task.sleep(for: Self.hangUpCheck)
            }
        }
        defer { watcher.cancel() }
        var style = ""
        var notices: [String] = []
        var images: [JobImage] = []
        var streaming = false
        var gone = false
        do {
            for try await event in jobs.events(of: id) {
                switch event {
                case .started(let started, let limit, let said, _):
                    style = started
                    notices = said
                    guard stream else { continue }
                    streaming = true
                    // The job's URL: a client can cancel it (DELETE) while the stream runs.
                    reply.beginStream(status: 200, headers: [
                        ("Content-Type", "application/x-ndjson"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                        ("Location", "/v1/jobs/" + id),
                    ])
                    send(["type": "started", "style": .string(style), "limit": .int(Int64(limit)), "notices": Self.json(notices),
                          "job": .string(id)], gone: &gone)
                case .progress(let progress):
                    if streaming { send(["type": "progress", "progress": .double(progress)], gone: &gone) }
                case .image(let image):
                    if streaming {
                        send(image.json(type: "image"), gone: &gone)
                        // Announced to no one: no one will fetch it.
                        if gone { await discard([image]) }
                    } else {
                        images.append(image)
                    }
                case .done(let count):
                    if streaming {
                        send(["type": "done", "count": .int(Int64(count))], gone: &gone)
                        reply.finish()
                    } else {
                        let answer: JSONValue = ["style": .string(style), "images": .array(images.map { $0.json() }), "notices": Self.json(notices)]
                        if !reply.respond(JSONText.response(answer, headers: [("Cache-Control", "no-store")])) {
                            await discard(images)
                        }
                    }
                    return
                case .failed(let error), .cancelled(let error):
                    await end(with: error, streaming: streaming, images: images, gone: &gone)
                    return
                }
            }
            // The events ended without a final one (a cluster's stream cut short).
            await end(with: APIError(503, "job_lost", "the job's events ended before the job did; retry the request", retryAfter: 5),
                      streaming: streaming, images: images, gone: &gone)
        } catch {
            let answer = error as? APIError ?? APIError(503, "unavailable", "the job's events could not be read: \(error); retry in a few seconds", retryAfter: 5)
            await end(with: answer, streaming: streaming, images: images, gone: &gone)
        }
    }

    /// Answers a failure: a stream ends with an error line, anything else is an error answer;
    /// the images of a one-document answer are deleted first (it has failed: none is delivered).
    private func end(with error: APIError, streaming: Bool, images: [JobImage], gone: inout Bool) async {
        if streaming {
            send(["type": "error", "error": error.body["error"] ?? .null], gone: &gone)
            reply.finish()
        } else {
            await discard(images)
            reply.respond(error.response)
        }
    }

    /// Writes one line of the stream; the first that cannot be written cancels the job.
    private func send(_ line: JSONValue, gone: inout Bool) {
        guard !gone else { return }
        if !reply.write(JSONText.line(line)) {
            gone = true
            Task { await hungUp() }
        }
    }

    /// Cancels the job of a client that has gone (a second call changes nothing).
    private func hungUp() async {
        _ = try? await jobs.cancel(id, requester: owner, reason: .clientGone)
    }

    /// Deletes images no one will fetch.
    private func discard(_ images: [JobImage]) async {
        for image in images { _ = try? await jobs.takeImage(image.id, requester: owner) }
    }

    /// Lines of text as a JSON array.
    private static func json(_ lines: [String]) -> JSONValue { .array(lines.map(JSONValue.string)) }
}
