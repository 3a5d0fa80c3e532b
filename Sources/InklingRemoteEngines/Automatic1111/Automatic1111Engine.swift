import InklingBase
import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingTransport

/// Generates through an AUTOMATIC1111 or Forge web UI started with `--api`: `/sdapi/v1/txt2img`
/// (or `/img2img` with a source image) with the sketch as a ControlNet unit
/// (``Automatic1111Payload``, which asks the web UI to save nothing). ``diagnose()`` checks the
/// checkpoint, ControlNet model, sampler and scheduler against the server's lists; cancelling
/// sends `/sdapi/v1/interrupt` and says what became of the image. A server without the
/// ControlNet API gets text-only requests, with a notice.
public struct Automatic1111Engine: ImageEngine {
    /// The configuration it was made from.
    public let entry: EngineEntry
    let connection: RemoteConnection
    let probe = ControlNetProbe()
    /// Whether the endpoint is stable-diffusion.cpp's `sd-server`, asked once.
    let sdServer = SDServerDetection()
    /// The server's sampler and scheduler names, fetched once for requests that name their own.
    let samplingLists = SamplingLists()
    var http: HTTPClient { connection.http }

    /// Creates the adapter; `apiKey`, when given, goes out as a bearer token (`--api-auth` setups
    /// behind a proxy).
    public init(entry: EngineEntry, apiKey: String? = nil) {
        self.entry = entry
        connection = RemoteConnection(entry: entry, kind: .automatic1111, apiKey: apiKey)
    }

    public var identifier: String { entry.name }

    /// The configured languages and sizes; every style but emoji.
    public var capabilities: EngineCapabilities { connection.capabilities }

    /// ``diagnose()``'s answer, reused for ``EngineAvailabilityCache/ttl`` seconds unless a
    /// request found the server unreachable or unavailable meanwhile.
    public func availability() async -> EngineAvailability { await connection.availability.value { await diagnose().availability } }

    /// Says when the sketch cannot be sent: no ControlNet model configured, or a server found
    /// without the ControlNet API.
    public func notices(for conditioning: Conditioning) -> [String] {
        guard conditioning.drawing != nil, conditioning.controls.strength > 0 else { return [] }
        if entry.models.controlNet == nil {
            return ["the \(entry.name) engine has no models.controlNet configured, so the sketch is not sent (only the text steers)"]
        }
        if probe.hasControlNet == false { return [Self.noControlNetNotice(entry.name, sdServer: sdServer.isSDServer == true)] }
        return []
    }

    /// The notice for a server without the ControlNet API: A1111 or Forge lacks the extension;
    /// stable-diffusion.cpp's `sd-server` has no ControlNet units on `/sdapi/v1` at all.
    static func noControlNetNotice(_ engine: String, sdServer: Bool = false) -> String {
        if sdServer {
            return "the \(engine) engine's server is stable-diffusion.cpp's sd-server, whose /sdapi/v1 takes no ControlNet units, so the sketch is not sent (only the text steers); to send it, configure the server as kind openai with flavor sd-server and models.controlNet"
        }
        return "the \(engine) engine's server has no ControlNet API (GET /controlnet/model_list answered 404; install the sd-webui-controlnet extension), so the sketch is not sent (only the text steers)"
    }

    /// Whether the server has the ControlNet API, asked once per engine.
    private func hasControlNet() async throws -> Bool {
        if let known = probe.hasControlNet { return known }
        let response = try await http.send("GET", "/controlnet/model_list")
        probe.record(response.status != 404)
        return response.status != 404
    }

    /// Posts one variation and decodes the first returned image.
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        try await generate(conditioning, variation: variation, prepared: try await prepare(conditioning)).image
    }

    /// What the variations of `conditioning` share, checked and encoded once: the requested
    /// sampler and scheduler, whether ControlNet is there, and the pictures.
    func prepare(_ conditioning: Conditioning) async throws -> (payload: Automatic1111Payload, images: RequestImages) {
        try Task.checkCancellation()
        try await checkRequestedSampling(conditioning)
        var payload = Automatic1111Payload(entry: entry)
        if payload.usesSketch(conditioning) { payload.controlNetAvailable = try await hasControlNet() }
        return (payload, try payload.images(conditioning))
    }

    /// Posts one variation with what ``prepare(_:)`` made, and decodes the first returned image
    /// (keeping its PNG when it is one of the requested size).
    func generate(_ conditioning: Conditioning, variation: Int,
                  prepared: (payload: Automatic1111Payload, images: RequestImages)) async throws -> (image: RasterImage, png: [UInt8]?) {
        try Task.checkCancellation()
        let (path, body) = prepared.payload.request(conditioning, variation: variation, images: prepared.images)
        let operation = "POST \(path)"
        let response: HTTPResponse
        do {
            response = try await http.send("POST", path, body: body.serialized(), contentType: "application/json",
                                           deadline: http.generation)
        } catch is CancellationError {
            throw EngineFailure.cancelled(service: http.service, summary: await interrupt())
        } catch {
            if ComfyUIEngine.isTimeout(error) { _ = await interrupt() }
            throw error
        }
        if response.status == 422 || response.status == 404 {
            throw RemoteEngineError.rejected(service: http.service, details: "\(operation) (HTTP \(response.status)): \(response.detail)")
        }
        if response.status >= 500, let json = try? JSONValue.parse(response.body), let errors = json["errors"]?.string, !errors.isEmpty {
            let kind = json["error"]?.string.map { "\($0): " } ?? ""
            throw RemoteEngineError.generationFailed(service: http.service, reason: kind + errors.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        let json = try http.decode(response, operation: operation)
        guard let images = json["images"]?.array else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "no \"images\" array")
        }
        guard let first = images.first?.string else { throw RemoteEngineError.noImage(service: http.service, operation: operation) }
        let encoded = first.range(of: "base64,").map { String(first[$0.upperBound...]) } ?? first
        guard let data = Data(base64Encoded: encoded) else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "images[0] is not base64")
        }
        return try RemoteImages.decodeKeeping([UInt8](data), size: conditioning.size, service: http.service, operation: operation)
    }

    /// Stops the abandoned image with `POST /sdapi/v1/interrupt`, sent from a detached task
    /// (the cancelled one abandons its requests) with a short timeout, and says what became of
    /// it. The web UI's interrupt stops whatever it is running at that moment.
    func interrupt() async -> String {
        let answer: Result<HTTPResponse, any Error> = await Task.detached { [http] in
            do { return .success(try await http.send("POST", "/sdapi/v1/interrupt", timeout: 5)) } catch { return .failure(error) }
        }.value
        switch answer {
        case .success(let response) where response.status == 404:
            return "the server has no /sdapi/v1/interrupt: it finishes the abandoned image before the next request"
        case .success(let response) where response.status >= 300:
            return "POST /sdapi/v1/interrupt answered HTTP \(response.status), so the abandoned image may still be running"
        case .success:
            return "the running image was interrupted"
        case .failure(let error):
            return "POST /sdapi/v1/interrupt failed (\(error)), so the abandoned image may still be running"
        }
    }

    /// Whether an `/sdapi/v1/sd-models` entry is the configured checkpoint (by title, name or file).
    static func matches(_ name: String, _ model: JSONValue) -> Bool {
        let fields = ["title", "model_name", "filename"].compactMap { model[$0]?.string }
        return fields.contains(name) || fields.contains { $0.hasSuffix("/" + name) } || (model["title"]?.string?.hasPrefix(name + " [") ?? false)
    }
}
