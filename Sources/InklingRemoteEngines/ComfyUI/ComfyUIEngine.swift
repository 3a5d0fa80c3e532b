import InklingBase
import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingStrokes
import InklingTransport

/// Generates through a ComfyUI server: uploads the guidance map (and source image) as
/// temporary files named by their content (once per request, see ``images(for:)``, and not again
/// while ``ComfyUIUploadCache`` remembers the same bytes on that server), queues an API-format workflow (``ComfyUIWorkflow``) whose image comes back
/// through a temporary PreviewImage, follows it over `/ws` (polling `/history` when the socket is
/// unavailable), downloads the result through `/view` and deletes the prompt's history entry.
/// Cancelled, it stops the prompt where it stands (``ComfyUICleanup``) and throws
/// ``EngineFailure/cancelled(service:summary:)``. A live frame (``Conditioning/isLiveFrame``)
/// uses the configuration's `live` block (``framed(_:)``). See `docs/engines.md`.
public struct ComfyUIEngine: ImageEngine {
    /// The configuration it was made from.
    public internal(set) var entry: EngineEntry
    let client: ComfyUIClient
    /// The server's sampler and scheduler names, fetched once for requests that name their own.
    let samplingLists = SamplingLists()

    /// Creates the adapter; `apiKey`, when given, goes out as a bearer token (for a ComfyUI
    /// behind an authenticating proxy).
    public init(entry: EngineEntry, apiKey: String? = nil) {
        self.entry = entry
        connection = RemoteConnection(entry: entry, kind: .comfyui, apiKey: apiKey)
        client = ComfyUIClient(http: connection.http)
        uploadCache = ComfyUIUploadCache(capacity: entry.uploadCache ?? ComfyUIUploadCache.standardCapacity)
    }

    let connection: RemoteConnection
    /// The node classes fetched to check a user's workflow before it is queued.
    let classes = ComfyUIClassCache()
    /// The images this engine uploaded to its server, by content.
    let uploadCache: ComfyUIUploadCache

    /// The configured name.
    public var identifier: String { entry.name }

    /// The configured languages and sizes; every style but emoji (which needs transparency).
    public var capabilities: EngineCapabilities { connection.capabilities }

    /// ``diagnose()``'s answer, reused for ``EngineAvailabilityCache/ttl`` seconds unless a
    /// request found the server unreachable or unavailable meanwhile.
    public func availability() async -> EngineAvailability { await connection.availability.value { await diagnose().availability } }

    /// Says when the sketch cannot be sent (no ControlNet model configured), or, with a user's
    /// workflow, which of the request's sampling knobs it has no place for.
    public func notices(for conditioning: Conditioning) -> [String] {
        if let (engine, frame) = framed(conditioning) { return engine.notices(for: frame) }
        if let file = entry.workflow {
            // The user's workflow decides; say which of the request's knobs it has no place for.
            let unplaced = ComfyUIUserWorkflow.unplaced(conditioning, file: file)
            guard !unplaced.isEmpty else { return [] }
            return ["the \(entry.name) engine's workflow \(file.path) has no place for \(unplaced.joined(separator: ", ")) (map them under workflow.inputs), so the workflow's own values are used"]
        }
        guard conditioning.drawing != nil, entry.models.controlNet == nil else { return [] }
        return ["the \(entry.name) engine has no models.controlNet configured, so the sketch is not sent (only the text steers)"]
    }

    /// Uploads, queues, follows and downloads one variation, then deletes what the prompt left
    /// in ComfyUI's history.
    ///
    /// - Throws: ``EngineFailure/cancelled(service:summary:)`` once the task is cancelled, saying
    ///   what became of the prompt; ``RemoteEngineError`` otherwise (the prompt stopped and
    ///   forgotten on the server all the same, after `generationTimeoutSeconds` too).
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        if let (engine, frame) = framed(conditioning) { return try await engine.generate(frame, variation: variation) }
        return try await generate(conditioning, variation: variation, uploads: try await uploads(for: conditioning), report: nil).image
    }

    /// Every variation of `request` from one upload of the guidance map and source image, each
    /// queued as its own prompt; sampling progress and previews (`/ws`) arrive as events.
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        if let (engine, frame) = framed(request.conditioning) {
            var request = request
            request.conditioning = frame
            return engine.images(for: request)
        }
        return EngineRequestRunner.stream(request, availability: connection.availability) {
            // Once per request and endpoint, also when a pool asks for one variation at a time.
            try await request.memo.once("comfyui uploads \(client.http.base.absoluteString)") { try await uploads(for: request.conditioning) }
        } generateEncoded: { uploads, variation, report in
            try await generate(request.conditioning, variation: variation, uploads: uploads, report: report)
        }
    }

    /// One variation from images already uploaded, with the PNG it was decoded from when
    /// ComfyUI returned one of the requested size; `report` hears its progress and previews.
    private func generate(_ conditioning: Conditioning, variation: Int, uploads: ComfyUIUploads,
                          report: (@Sendable (EngineEvent) -> Void)?) async throws -> (image: RasterImage, png: [UInt8]?) {
        let service = client.http.service
        let cleanup = ComfyUICleanup(client: client)
        let clientID = UUID().uuidString.lowercased()
        let socket = await openSocket(clientID: clientID)
        defer { socket?.close() }
        let promptID = try await queue(conditioning, variation: variation, uploads: uploads, clientID: clientID, cleanup: cleanup)
        do {
            try Task.checkCancellation()
            var progress: (@Sendable (Int, Int) -> Void)?, preview: (@Sendable ([UInt8]) -> Void)?
            if let report {
                progress = { step, steps in report(.progress(variation: variation, step: step, steps: steps)) }
                preview = { bytes in report(.preview(variation: variation, bytes: bytes)) }
            }
            let monitor = ComfyUIMonitor(client: client, promptID: promptID, limit: entry.generationTimeoutSeconds,
                                         progress: progress, preview: preview,
                                         outputNode: ComfyUIGraphSource.outputNode(of: entry))
            guard let file = try await monitor.outputs(socket: socket).first else {
                throw RemoteEngineError.noImage(service: service, operation: "prompt \(promptID)")
            }
            let bytes = try await client.view(file)
            let image = try RemoteImages.decodeKeeping(bytes, size: conditioning.size, service: service, operation: "GET /view")
            _ = await Task.detached { await cleanup.forget(promptID, finished: true) }.value
            return image
        } catch {
            if error is CancellationError || Task.isCancelled {
                let summary = await Task.detached { await cleanup.abandon(promptID) }.value
                throw EngineFailure.cancelled(service: service, summary: summary)
            }
            if Self.isTimeout(error) {
                // Past generationTimeoutSeconds: the server's work stops too.
                _ = await Task.detached { await cleanup.abandon(promptID) }.value
            } else {
                _ = await Task.detached { await cleanup.forget(promptID) }.value
            }
            throw error
        }
    }

    /// The workflow of one variation from the uploaded images: the built-in one, or the user's,
    /// checked against the server's node classes before it is queued.
    func graph(for conditioning: Conditioning, variation: Int, uploads: ComfyUIUploads) async throws -> JSONValue {
        guard let file = entry.workflow else {
            let workflow = ComfyUIWorkflow(checkpoint: entry.models.checkpoint ?? "", controlNet: entry.models.controlNet,
                                           defaults: entry.defaults, guidanceImage: uploads.guidance, sourceImage: uploads.source)
            return ComfyUIGraphSource.builtIn(workflow).graph(conditioning, variation: variation)
        }
        let workflow = ComfyUIUserWorkflow(file: file, defaults: entry.defaults, guidanceImage: uploads.guidance, sourceImage: uploads.source)
        let graph = ComfyUIGraphSource.user(workflow).graph(conditioning, variation: variation)
        try await check(graph, file: file)
        return graph
    }

    /// Throws ``RemoteEngineError/rejected(service:details:)`` naming each node and input the
    /// server would refuse, before anything is queued.
    private func check(_ graph: JSONValue, file: ComfyUIWorkflowFile) async throws {
        let types = Set((graph.object ?? [:]).values.compactMap { $0["class_type"]?.string })
        var infos: [String: JSONValue?] = [:]
        for type in types.sorted() { infos[type] = try await classes.info(type, client: client) }
        let uploads = Set([file.targets[.guidanceImage], file.targets[.sourceImage]].compactMap { $0 })
        let problems = ComfyUIGraphCheck(file: file, uploads: uploads).problems(graph, classes: infos)
        guard !problems.isEmpty else { return }
        let more = problems.count > ComfyUIGraphCheck.listed ? "; and \(problems.count - ComfyUIGraphCheck.listed) more" : ""
        throw RemoteEngineError.rejected(service: client.http.service,
                                         details: "the workflow \(file.path) does not fit this server: "
                                             + problems.prefix(ComfyUIGraphCheck.listed).joined(separator: "; ") + more)
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

    static func isTimeout(_ error: any Error) -> Bool {
        if case .timedOut? = error as? RemoteEngineError { return true }
        return false
    }
}
