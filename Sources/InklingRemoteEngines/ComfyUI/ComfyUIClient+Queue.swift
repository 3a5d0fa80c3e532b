import InklingBase
import Foundation
import InklingEngines

/// Finding and stopping a prompt on ComfyUI, and forgetting it afterwards: `GET /queue`,
/// `POST /interrupt`, `POST /queue {"delete"}` and `POST /history {"delete"}`.
extension ComfyUIClient {
    /// Where a prompt stands in ComfyUI's queue.
    enum QueuePosition: Sendable, Hashable {
        /// Being executed (`queue_running`).
        case running
        /// Waiting (`queue_pending`).
        case pending
        /// In neither: finished, failed, interrupted or removed.
        case gone
    }

    /// Seconds each of the requests that clean up after a prompt may take: they run while a
    /// cancelled caller waits.
    static let cleanupTimeout = 5.0

    /// Where prompt `id` stands, from `GET /queue` (whose items are
    /// `[number, prompt_id, prompt, extra_data, outputs]`).
    func position(of id: String) async throws -> QueuePosition {
        let json = try await http.json("GET", "/queue", timeout: Self.cleanupTimeout)
        func holds(_ key: String) -> Bool { (json[key]?.array ?? []).contains { $0.array?.dropFirst().first?.string == id } }
        guard json["queue_running"] != nil || json["queue_pending"] != nil else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET /queue", reason: "no queue_running or queue_pending")
        }
        if holds("queue_running") { return .running }
        if holds("queue_pending") { return .pending }
        return .gone
    }

    /// How many prompts are running and waiting (`GET /queue`), to tell how busy the server is.
    func queueLength() async throws -> Int {
        let json = try await http.json("GET", "/queue", timeout: Self.cleanupTimeout)
        guard let running = json["queue_running"]?.array, let pending = json["queue_pending"]?.array else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET /queue", reason: "no queue_running or queue_pending")
        }
        return running.count + pending.count
    }

    /// The ids of the prompts queued with `clientID` (running first), for a prompt whose
    /// `POST /prompt` answer never arrived.
    func prompts(of clientID: String) async throws -> [String] {
        let json = try await http.json("GET", "/queue", timeout: Self.cleanupTimeout)
        return ((json["queue_running"]?.array ?? []) + (json["queue_pending"]?.array ?? [])).compactMap { item in
            guard let fields = item.array, fields.count > 3, fields[3]["client_id"]?.string == clientID else { return nil }
            return fields[1].string
        }
    }

    /// Asks ComfyUI to stop prompt `id` if it is the one running (`POST /interrupt` with its
    /// `prompt_id`; ComfyUI ignores it otherwise). It stops when the sampler starts its next step.
    func interrupt(_ id: String) async throws {
        try await post("/interrupt", ["prompt_id": .string(id)])
    }

    /// Removes prompt `id` from the pending queue (`POST /queue {"delete": [id]}`; a running
    /// prompt is not affected).
    func dequeue(_ id: String) async throws {
        try await post("/queue", ["delete": [.string(id)]])
    }

    /// Deletes prompt `id`'s history entry (`POST /history {"delete": [id]}`), which holds the
    /// whole workflow, prompt text included, and the names of its outputs.
    func deleteHistory(_ id: String) async throws {
        try await post("/history", ["delete": [.string(id)]])
    }

    private func post(_ path: String, _ body: JSONValue) async throws {
        let response = try await http.send("POST", path, body: body.serialized(), contentType: "application/json", timeout: Self.cleanupTimeout)
        guard (200..<300).contains(response.status) else {
            throw RemoteEngineError.status(service: http.service, operation: "POST \(path)", code: response.status, detail: response.detail)
        }
    }
}
