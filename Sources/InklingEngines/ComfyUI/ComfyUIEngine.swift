import Foundation
import InklingConditioning
import InklingImageIO
import InklingStrokes

/// Generates through a ComfyUI server: uploads the guidance map (and source image), queues an
/// API-format workflow (``ComfyUIWorkflow``), follows it over `/ws` (polling `/history` when the
/// socket is unavailable), and downloads the result through `/view`. Cancelling sends
/// `/interrupt` and removes the prompt from the queue. See `docs/engines.md`.
public struct ComfyUIEngine: ImageEngine {
    /// The configuration it was made from.
    public let entry: EngineEntry
    /// Called with `(variation, step, steps)` as sampling progresses (from `/ws` `progress`
    /// messages; nothing arrives while progress is followed by polling `/history`).
    public var progress: (@Sendable (_ variation: Int, _ step: Int, _ steps: Int) -> Void)?
    let client: ComfyUIClient

    /// Creates the adapter; `apiKey`, when given, goes out as a bearer token (for a ComfyUI
    /// behind an authenticating proxy).
    public init(entry: EngineEntry, apiKey: String? = nil) {
        self.entry = entry
        connection = RemoteConnection(entry: entry, kind: .comfyui, apiKey: apiKey)
        client = ComfyUIClient(http: connection.http)
    }

    private let connection: RemoteConnection

    /// The configured name.
    public var identifier: String { entry.name }

    /// The configured languages and sizes; every style but emoji (which needs transparency).
    public var capabilities: EngineCapabilities { connection.capabilities }

    public func availability() async -> EngineAvailability { await diagnose().availability }

    /// Reachable (`/object_info` answers) and the checkpoint and ControlNet model installed.
    public func diagnose() async -> EngineDiagnosis {
        let endpoint = entry.endpoint.absoluteString
        if let refusal = connection.refusal() { return refusal }
        var wanted = [("checkpoint", "CheckpointLoaderSimple", "ckpt_name", entry.models.checkpoint ?? "")]
        if let controlNet = entry.models.controlNet { wanted.append(("ControlNet model", "ControlNetLoader", "control_net_name", controlNet)) }
        var models: [EngineDiagnosis.Model] = []
        var problem: String?
        for (role, node, input, name) in wanted {
            do {
                let names = try await client.options(node: node, input: input)
                let present = names.contains(name)
                models.append(.init(role: role, name: name, present: present))
                if !present, problem == nil {
                    let key = role == "checkpoint" ? "models.checkpoint" : "models.controlNet"
                    let folder = role == "checkpoint" ? "models/checkpoints" : "models/controlnet"
                    problem = RemoteEngineError.modelMissing(service: client.http.service, role: role, name: name, available: names,
                                                             hint: "put it in ComfyUI/\(folder) or fix \(key) in the engine configuration").description
                }
            } catch {
                let reachable = !Self.isTransport(error)
                return EngineDiagnosis(availability: .unavailable(reason: String(describing: error)), endpoint: endpoint,
                                       reachable: reachable, models: models)
            }
        }
        return EngineDiagnosis(availability: problem.map { .unavailable(reason: $0) } ?? .available, endpoint: endpoint,
                               reachable: true, models: models)
    }

    /// Says when the sketch cannot be sent (no ControlNet model configured).
    public func notices(for conditioning: Conditioning) -> [String] {
        guard conditioning.drawing != nil, entry.models.controlNet == nil else { return [] }
        return ["the \(entry.name) engine has no models.controlNet configured, so the sketch is not sent (only the text steers)"]
    }

    /// Uploads, queues, follows and downloads one variation.
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        try Task.checkCancellation()
        // Uploads are named by content, so repeated requests reuse one file in ComfyUI/input.
        var guidance: String?
        if ComfyUIWorkflow.usesSketch(conditioning, controlNet: entry.models.controlNet), let png = try RemoteImages.guidancePNG(conditioning) {
            guidance = try await client.upload(png, name: "inkling-\(SHA256.hex(of: png).prefix(16))-guide.png").loadImageName
        }
        var source: String?
        if let png = try RemoteImages.sourcePNG(conditioning) {
            source = try await client.upload(png, name: "inkling-\(SHA256.hex(of: png).prefix(16))-source.png").loadImageName
        }
        let workflow = ComfyUIWorkflow(checkpoint: entry.models.checkpoint ?? "", controlNet: entry.models.controlNet,
                                       defaults: entry.defaults, guidanceImage: guidance, sourceImage: source)
        let clientID = UUID().uuidString.lowercased()
        let socket = await openSocket(clientID: clientID)
        let promptID: String
        do {
            try Task.checkCancellation()
            promptID = try await client.queue(workflow.graph(conditioning, variation: variation), clientID: clientID)
        } catch {
            socket?.close()
            throw error
        }
        var report: (@Sendable (Int, Int) -> Void)?
        if let progress { report = { step, steps in progress(variation, step, steps) } }
        let monitor = ComfyUIMonitor(client: client, promptID: promptID, limit: entry.generationTimeoutSeconds, progress: report)
        let files: [ComfyUIClient.FileReference]
        do {
            files = try await monitor.outputs(socket: socket)
        } catch {
            if error is CancellationError || Self.isTimeout(error) {
                // Leave the server idle: the interrupt runs outside the cancelled task.
                await Task.detached { [client] in await client.abandon(promptID) }.value
            }
            throw error
        }
        guard let file = files.first else { throw RemoteEngineError.noImage(service: client.http.service, operation: "prompt \(promptID)") }
        let bytes = try await client.view(file)
        return try RemoteImages.decode(bytes, size: conditioning.size, service: client.http.service, operation: "GET /view")
    }

    /// `ws://host/ws?clientId=…`, or `nil` (progress then comes from polling `/history`).
    private func openSocket(clientID: String) async -> WebSocketClient? {
        guard entry.endpoint.scheme == "http", var components = URLComponents(url: entry.endpoint, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = "ws"
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + "/ws"
        components.queryItems = [URLQueryItem(name: "clientId", value: clientID)]
        guard let url = components.url else { return nil }
        return try? await WebSocketClient.connect(to: url, timeout: min(entry.timeoutSeconds, 5))
    }

    static func isTransport(_ error: any Error) -> Bool {
        switch error as? RemoteEngineError {
        case .connectionRefused?, .unreachable?, .timedOut?: true
        default: false
        }
    }

    static func isTimeout(_ error: any Error) -> Bool {
        if case .timedOut? = error as? RemoteEngineError { return true }
        return false
    }
}
