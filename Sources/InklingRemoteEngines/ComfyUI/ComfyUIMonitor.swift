import Foundation
import InklingEngines
import InklingTransport

/// Waits for a queued prompt to finish: over `/ws` while the socket lives, by polling
/// `/history` when it never opened or dropped (and every couple of seconds anyway, in case a
/// message was missed). Reports sampling progress as it arrives.
struct ComfyUIMonitor: Sendable {
    /// Seconds between `/history` polls without a socket.
    static let pollInterval = 0.25
    /// Seconds between safety polls while the socket is alive.
    static let safetyPollInterval = 2.0

    let client: ComfyUIClient
    let promptID: String
    /// Seconds the whole generation may take.
    let limit: Double
    let progress: (@Sendable (Int, Int) -> Void)?
    /// Hears each preview image (JPEG or PNG bytes) the socket carries.
    var preview: (@Sendable ([UInt8]) -> Void)? = nil
    /// The node whose images are the result.
    var outputNode: String = ComfyUIWorkflow.outputNode

    /// The images the output node produced. Binary preview messages (with `--preview-method`)
    /// go to ``preview``; messages it has no use for (`progress_state`, `status`, other prompts') are skipped.
    ///
    /// - Throws: ``RemoteEngineError`` when the prompt fails, is interrupted on the server (seen
    ///   over the socket or in `/history`) or runs past `limit`; `CancellationError` when cancelled.
    func outputs(socket initial: WebSocketClient?) async throws -> [ComfyUIClient.FileReference] {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(limit * 1000))
        var socket = initial
        defer { socket?.close() }
        var lastPoll = clock.now
        while true {
            try Task.checkCancellation()
            guard clock.now < deadline else {
                throw RemoteEngineError.timedOut(service: client.http.service, operation: "the generation of prompt \(promptID)", seconds: limit,
                                                     setting: RequestDeadline.generationSetting)
            }
            if let live = socket {
                do {
                    let message = try await live.receive(timeout: 0.5)
                    if case .binary(let frame)? = message, let image = Self.previewImage(frame) { preview?(image) }
                    if case .text(let text)? = message {
                        switch ComfyUIEvent.parse(text, promptID: promptID) {
                        case .progress(let value, let maximum): progress?(value, maximum)
                        case .finished: return try await finalOutputs()
                        case .failed(let reason): throw RemoteEngineError.generationFailed(service: client.http.service, reason: reason)
                        case .interrupted: throw RemoteEngineError.interrupted(service: client.http.service)
                        case .other: break
                        }
                    }
                } catch let error as WebSocketError {
                    // The socket dropped: carry on by polling /history.
                    _ = error
                    live.close()
                    socket = nil
                }
                guard clock.now - lastPoll >= .milliseconds(Int(Self.safetyPollInterval * 1000)) else { continue }
            }
            lastPoll = clock.now
            if let files = try await poll() { return files }
            if socket == nil { try await Task.sleep(nanoseconds: UInt64(Self.pollInterval * 1e9)) }
        }
    }

    /// The image of a binary `/ws` frame: event 1 (a preview image), then its format (1 JPEG,
    /// 2 PNG), then the bytes, as ComfyUI sends them; `nil` for other frames.
    static func previewImage(_ frame: [UInt8]) -> [UInt8]? {
        guard frame.count > 8, frame[0..<4] == [0, 0, 0, 1] else { return nil }
        return Array(frame[8...])
    }

    /// The outputs once `/history` shows them, or `nil` while the prompt is still pending.
    private func poll() async throws -> [ComfyUIClient.FileReference]? {
        switch try await client.history(promptID, outputNode: outputNode) {
        case .pending: return nil
        case .done(let files): return files
        case .failed(let reason): throw RemoteEngineError.generationFailed(service: client.http.service, reason: reason)
        case .interrupted: throw RemoteEngineError.interrupted(service: client.http.service)
        }
    }

    /// After the socket said "finished": the history entry may lag a moment behind
    /// (ComfyUI sends `execution_success` before it writes the entry).
    private func finalOutputs() async throws -> [ComfyUIClient.FileReference] {
        // Every 10 ms for 2 s: the entry usually follows within a few milliseconds, and each
        // image waits for it.
        for _ in 0..<200 {
            if let files = try await poll() { return files }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw RemoteEngineError.malformedResponse(service: client.http.service, operation: "GET /history/\(promptID)",
                                                  reason: "the prompt finished but its history entry never appeared")
    }
}
