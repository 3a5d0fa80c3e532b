import InklingBase
import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingTransport

/// Generates through an OpenAI-compatible images API — OpenAI itself, or stable-diffusion.cpp's
/// `sd-server` — with `/v1/images/generations` for text alone and `/v1/images/edits` when there
/// is a sketch or a source image (``OpenAIImagesRequest`` says what each endpoint honours; the
/// rest is announced through ``notices(for:)``). Images come back as `b64_json`. The entry's
/// ``EngineEntry/flavor`` picks the request: OpenAI's (``OpenAIImagesRequest``) or `sd-server`'s
/// (``SDServerRequest``: no mask, seed and settings in `<sd_cpp_extra_args>`).
public struct OpenAIImagesEngine: ImageEngine {
    /// The configuration it was made from.
    public let entry: EngineEntry
    let connection: RemoteConnection
    var http: HTTPClient { connection.http }

    /// Creates the adapter; `apiKey` goes out as `Authorization: Bearer …`.
    public init(entry: EngineEntry, apiKey: String? = nil) {
        self.entry = entry
        connection = RemoteConnection(entry: entry, kind: .openai, apiKey: apiKey)
    }

    public var identifier: String { entry.name }

    /// The configured languages and sizes; every style but emoji.
    public var capabilities: EngineCapabilities { connection.capabilities }

    /// ``diagnose()``'s answer, reused for ``EngineAvailabilityCache/ttl`` seconds unless a
    /// request found the server unreachable or unavailable meanwhile.
    public func availability() async -> EngineAvailability { await connection.availability.value { await diagnose().availability } }

    /// Reachable through `GET /v1/models`, and the configured model listed there (a server
    /// without that endpoint, like some `sd-server` builds, is reachable with the model unknown);
    /// an `sd-server` configured with the OpenAI flavour is unavailable, naming the fix. An
    /// `sd-server` engine's sampler and scheduler are reported unchecked: its API lists neither.
    public func diagnose() async -> EngineDiagnosis {
        let endpoint = entry.endpoint.absoluteString
        if let refusal = connection.refusal() { return refusal }
        do {
            let response = try await http.send("GET", "/v1/models")
            if response.status == 404 || response.status == 405 {
                return EngineDiagnosis(availability: .available, endpoint: endpoint, reachable: true,
                                       models: (entry.models.model.map { [.init(role: "model", name: $0, present: nil)] } ?? []) + uncheckedSettings)
            }
            if response.status == 401 || response.status == 403 {
                let reason = "\(http.service) refused the API key (HTTP \(response.status): \(response.detail)); check $\(entry.apiKeyEnvironment ?? "its API key variable")"
                return EngineDiagnosis(availability: .unavailable(reason: reason), endpoint: endpoint, reachable: true)
            }
            let ids = (try http.decode(response, operation: "GET /v1/models")["data"]?.array ?? []).compactMap { $0["id"]?.string }
            if entry.flavor == .openai, ids == [EngineFlavor.sdServerModel] {
                let reason = "\(http.service) is stable-diffusion.cpp's sd-server (it lists only \(EngineFlavor.sdServerModel)), which reads OpenAI's mask as \"keep everything\": set \"flavor\": \"sd-server\" on the \(entry.name) engine"
                return EngineDiagnosis(availability: .unavailable(reason: reason), endpoint: endpoint, reachable: true)
            }
            guard let model = entry.models.model else {
                return EngineDiagnosis(availability: .available, endpoint: endpoint, reachable: true, models: uncheckedSettings)
            }
            let present = ids.contains(model)
            let availability: EngineAvailability = present ? .available : .unavailable(reason: RemoteEngineError.modelMissing(
                service: http.service, role: "model", name: model, available: ids, hint: "fix models.model in the engine configuration").description)
            return EngineDiagnosis(availability: availability, endpoint: endpoint, reachable: true,
                                   models: [.init(role: "model", name: model, present: present)] + uncheckedSettings)
        } catch {
            return EngineDiagnosis(availability: .unavailable(reason: String(describing: error)), endpoint: endpoint, reachable: !(EngineFailureKind.of(error)?.isUnanswered ?? false))
        }
    }

    /// The sampler and scheduler an `sd-server` engine sends in `<sd_cpp_extra_args>`, which
    /// its API has no list to check against: shown as not listed.
    private var uncheckedSettings: [EngineDiagnosis.Model] {
        guard entry.flavor == .sdServer else { return [] }
        return [("sampler", entry.defaults.sampler), ("scheduler", entry.defaults.scheduler)]
            .filter { !$0.1.isEmpty }.map { EngineDiagnosis.Model(role: $0.0, name: $0.1, present: nil) }
    }

    /// The guidance controls (and, for OpenAI, the seed) these endpoints cannot honour.
    public func notices(for conditioning: Conditioning) -> [String] {
        switch entry.flavor {
        case .openai: OpenAIImagesRequest.dropped(conditioning, engine: entry.name)
        case .sdServer: SDServerRequest(entry: entry).dropped(conditioning)
        }
    }

    /// Posts one request and decodes `data[0].b64_json`; once cancelled, throws
    /// ``EngineFailure/cancelled(service:summary:)`` saying the server was not stopped.
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        try await generate(conditioning, variation: variation, images: try prepare(conditioning)).image
    }

    /// The pictures the variations of `conditioning` upload, each encoded once.
    func prepare(_ conditioning: Conditioning) throws -> RequestImages {
        try Task.checkCancellation()
        switch entry.flavor {
        case .openai: return try OpenAIImagesRequest.images(conditioning)
        case .sdServer: return try SDServerRequest(entry: entry).images(conditioning)
        }
    }

    /// Posts one variation with the pictures ``prepare(_:)`` encoded, and decodes the returned
    /// image (keeping its PNG when it is one of the requested size).
    func generate(_ conditioning: Conditioning, variation: Int, images: RequestImages) async throws -> (image: RasterImage, png: [UInt8]?) {
        try Task.checkCancellation()
        let path: String, body: [UInt8], contentType: String
        switch entry.flavor {
        case .openai:
            let request = OpenAIImagesRequest(model: entry.models.model)
            if OpenAIImagesRequest.usesEdits(conditioning) {
                let form = request.editsForm(conditioning, images: images)
                (path, body, contentType) = ("/v1/images/edits", form.body, form.contentType)
            } else {
                (path, body, contentType) = ("/v1/images/generations", request.generationsBody(conditioning).serialized(), "application/json")
            }
        case .sdServer:
            let request = SDServerRequest(entry: entry)
            if request.usesEdits(conditioning) {
                let form = request.editsForm(conditioning, variation: variation, images: images)
                (path, body, contentType) = ("/v1/images/edits", form.body, form.contentType)
            } else {
                (path, body, contentType) = ("/v1/images/generations", request.generationsBody(conditioning, variation: variation, images: images).serialized(), "application/json")
            }
        }
        let operation = "POST \(path)"
        let response: HTTPResponse
        do {
            response = try await http.send("POST", path, body: body, contentType: contentType, deadline: http.generation)
        } catch is CancellationError {
            throw EngineFailure.cancelled(service: http.service, summary: Self.cancellationSummary(entry.flavor))
        }
        if response.status == 400 {
            throw RemoteEngineError.rejected(service: http.service, details: "\(operation): \(response.detail)")
        }
        if response.status >= 500, let message = Self.serverErrorMessage(response.body) {
            throw RemoteEngineError.generationFailed(service: http.service, reason: "\(operation) (HTTP \(response.status)): \(message)")
        }
        let json = try http.decode(response, operation: operation)
        guard let items = json["data"]?.array else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "no \"data\" array")
        }
        guard let first = items.first else { throw RemoteEngineError.noImage(service: http.service, operation: operation) }
        guard let encoded = first["b64_json"]?.string else {
            let reason = first["url"] != nil ? "a URL instead of b64_json (does the server ignore response_format?)" : "no b64_json in data[0]"
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: reason)
        }
        guard let data = Data(base64Encoded: encoded) else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "data[0].b64_json is not base64")
        }
        return try RemoteImages.decodeKeeping([UInt8](data), size: conditioning.size, service: http.service, operation: operation)
    }

    /// What became of an abandoned request: neither API can cancel, and `sd-server` goes on
    /// computing the image (one at a time) before it answers the next request.
    static func cancellationSummary(_ flavor: EngineFlavor) -> String {
        switch flavor {
        case .openai: "the request was abandoned (the OpenAI images API has no cancel)"
        case .sdServer: "the server cannot cancel: it finishes the abandoned image before the next request"
        }
    }

    /// The message of `sd-server`'s exception answer `{"error": "server_error", "message": "…"}`
    /// (whose `error` is only a code), folded to one line; `nil` for other bodies.
    static func serverErrorMessage(_ body: [UInt8]) -> String? {
        guard let json = try? JSONValue.parse(body), json["error"]?.string != nil,
              let message = json["message"]?.string, !message.isEmpty else { return nil }
        return message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
