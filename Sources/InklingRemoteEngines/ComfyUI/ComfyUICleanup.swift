import Foundation
import InklingEngines

/// What Inkling does about a prompt once it stops waiting for it, so that nothing of the request
/// stays on ComfyUI: stop it wherever it stands (interrupt it if running, remove it if pending)
/// and delete its history entry (which holds the whole workflow, prompt text included). Every
/// call is meant to run in a detached task: requests from a cancelled task are abandoned at once.
struct ComfyUICleanup: Sendable {
    let client: ComfyUIClient

    /// Seconds to wait for a prompt to leave the queue before deleting its history entry (the
    /// entry is written when the prompt ends, so deleting it earlier would miss it).
    static let settleSeconds = 3.0
    /// Seconds a background wait goes on for a prompt still running after ``settleSeconds``.
    static let backgroundSeconds = 120.0

    /// Stops prompt `id` and deletes its history; returns what happened, in a few words a person
    /// can check (the summary of ``EngineFailure/cancelled(service:summary:)``).
    func abandon(_ id: String) async -> String {
        let name = "prompt \(id.prefix(8))"
        let position: ComfyUIClient.QueuePosition
        do {
            position = try await client.position(of: id)
        } catch {
            // Where it stands is unknown: ask for both; each is ignored where it does not apply.
            try? await client.interrupt(id)
            try? await client.dequeue(id)
            return "\(name): asked ComfyUI to interrupt it and to remove it from the queue (GET /queue failed: \(error))" + (await forget(id))
        }
        switch position {
        case .running:
            do {
                try await client.interrupt(id)
            } catch {
                return "\(name) may still be running: POST /interrupt failed (\(error))"
            }
            return "\(name) interrupted while running (it stops after the sampler's current step)" + (await forget(id))
        case .pending:
            try? await client.dequeue(id)
            if (try? await client.position(of: id)) == .running {
                // It started between the two requests.
                try? await client.interrupt(id)
                return "\(name) interrupted as it started running (it stops after the sampler's current step)" + (await forget(id))
            }
            return "\(name) removed from the queue"
        case .gone:
            return "\(name) had already finished" + (await forget(id, finished: true))
        }
    }

    /// Abandons the prompts queued with `clientID`: for a `POST /prompt` whose answer never
    /// came, which ComfyUI may have queued all the same.
    func abandon(clientID: String) async -> [String] {
        var summaries: [String] = []
        for id in (try? await client.prompts(of: clientID)) ?? [] { summaries.append(await abandon(id)) }
        return summaries
    }

    /// Deletes prompt `id`'s history entry once it has left the queue; returns how that went,
    /// as the end of a summary ("; its history was deleted").
    func forget(_ id: String, finished: Bool = false) async -> String {
        if !finished, !(await waitUntilGone(id, seconds: Self.settleSeconds)) {
            // Still running (a slow sampler step): finish the job in the background, where a
            // process about to exit can wait for it (PendingEngineCleanups).
            PendingEngineCleanups.shared.start("ComfyUI prompt \(id.prefix(8)) to stop, to delete its history entry") { [self] in
                if await waitUntilGone(id, seconds: Self.backgroundSeconds) { try? await client.deleteHistory(id) }
            }
            return "; its history is deleted once it stops"
        }
        do {
            try await client.deleteHistory(id)
            return "; its history was deleted"
        } catch {
            return "; its history could not be deleted (\(error))"
        }
    }

    /// Whether prompt `id` left the queue within `seconds` (polling `GET /queue`).
    private func waitUntilGone(_ id: String, seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            switch try? await client.position(of: id) {
            case .gone?: return true
            case nil: return false
            default: break
            }
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
    }
}
