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
    /// `sd-server`'s sampler and scheduler names (`/sdapi/v1/samplers`, `/schedulers`), fetched
    /// once: it runs its default for a name it does not know, without a word.
    let samplingLists = SamplingLists()
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
    /// `sd-server` engine's configured sampler and scheduler are checked against its
    /// `/sdapi/v1/samplers` and `/sdapi/v1/schedulers` (unchecked on a build without them).
    public func diagnose() async -> EngineDiagnosis {
        let endpoint = entry.endpoint.absoluteString
        if let refusal = connection.refusal() { return refusal }
        do {
            let response = try await http.send("GET", "/v1/models")
            if response.status == 404 || response.status == 405 {
                let settings = try await settingsCheck()
                return EngineDiagnosis(availability: settings.availability, endpoint: endpoint, reachable: true,
                                       models: (entry.models.model.map { [.init(role: "model", name: $0, present: nil)] } ?? []) + settings.models)
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
            let settings = try await settingsCheck()
            guard let model = entry.models.model else {
                return EngineDiagnosis(availability: settings.availability, endpoint: endpoint, reachable: true, models: settings.models)
            }
            let present = ids.contains(model)
            let availability: EngineAvailability = present ? settings.availability : .unavailable(reason: RemoteEngineError.modelMissing(
                service: http.service, role: "model", name: model, available: ids, hint: "fix models.model in the engine configuration").description)
            return EngineDiagnosis(availability: availability, endpoint: endpoint, reachable: true,
                                   models: [.init(role: "model", name: model, present: present)] + settings.models)
        } catch {
            return EngineDiagnosis(availability: .unavailable(reason: String(describing: error)), endpoint: endpoint, reachable: !(EngineFailureKind.of(error)?.isUnanswered ?? false))
        }
    }

    /// The configured sampler and scheduler an `sd-server` engine sends nested in
    /// `<sd_cpp_extra_args>`, against the server's lists: present, missing (unavailable, naming
    /// every choice), or not listed when the build has no list. Nothing for OpenAI.
    private func settingsCheck() async throws -> (models: [EngineDiagnosis.Model], availability: EngineAvailability) {
        guard entry.flavor == .sdServer else { return ([], .available) }
        var models: [EngineDiagnosis.Model] = []
        var problems: [String] = []
        for (role, name) in [("sampler", entry.defaults.sampler), ("scheduler", entry.defaults.scheduler)] {
            // Fetched even when none is configured: requests' names are checked against them,
            // and notices(for:) says whether they can be.
            let listed = try await names(role)
            guard !name.isEmpty else { continue }
            guard let available = listed else {
                models.append(.init(role: role, name: name, present: nil))
                continue
            }
            let present = available.contains(name)
            models.append(.init(role: role, name: name, present: present))
            if !present {
                problems.append(RemoteEngineError.modelMissing(service: http.service, role: role, name: name, available: available,
                                                               hint: "set defaults.\(role) to one of them in the engine configuration (sd-server runs its default for a name it does not know)").description)
            }
        }
        return (models, problems.isEmpty ? .available : .unavailable(reason: problems.joined(separator: "; ")))
    }

    /// `sd-server`'s names for `role` ("sampler", "scheduler"), from its `/sdapi/v1` lists
    /// (fetched once); `nil` for a build without them.
    func names(_ role: String) async throws -> [String]? {
        let http = http
        return try await samplingLists.names(role) {
            let path = role == "sampler" ? "/sdapi/v1/samplers" : "/sdapi/v1/schedulers"
            let response = try await http.send("GET", path)
            if response.status == 404 { return nil }
            guard let listed = try http.decode(response, operation: "GET \(path)").array else {
                throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET \(path)", reason: "not a JSON array")
            }
            return listed.compactMap { $0["name"]?.string }
        }
    }

    /// Refuses an `sd-server` request's sampler or scheduler that the server does not list,
    /// before anything is sent (it would run its default without a word).
    func checkRequestedSampling(_ conditioning: Conditioning) async throws {
        let sampling = conditioning.sampling
        guard entry.flavor == .sdServer, sampling.sampler != nil || sampling.scheduler != nil else { return }
        try await samplingLists.check(sampling, service: http.service, samplers: { try await names("sampler") },
                                      schedulers: { try await names("scheduler") },
                                      suggest: { role, name, available in
                                          role == "sampler" ? SDServerNames.sdapiSampler(name).flatMap { available.contains($0) ? $0 : nil } : nil
                                      })
    }

    /// The guidance controls (and, for OpenAI, the seed) these endpoints cannot honour.
    public func notices(for conditioning: Conditioning) -> [String] {
        switch entry.flavor {
        case .openai: OpenAIImagesRequest.dropped(conditioning, engine: entry.name)
        case .sdServer:
            // The names are checked once the server's lists are known to exist (diagnose fetches them).
            SDServerRequest(entry: entry).dropped(conditioning, namesChecked: samplingLists.cached("sampler").map { $0 != nil } ?? false)
        }
    }

    /// Posts one request and decodes `data[0].b64_json`; once cancelled, throws
    /// ``EngineFailure/cancelled(service:summary:)`` saying the server was not stopped.
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        try await generate(conditioning, variation: variation, images: try await prepare(conditioning)).image
    }

    /// The pictures the variations of `conditioning` upload, each encoded once, after checking
    /// the requested sampler and scheduler.
    func prepare(_ conditioning: Conditioning) async throws -> RequestImages {
        try Task.checkCancellation()
        try await checkRequestedSampling(conditioning)
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
