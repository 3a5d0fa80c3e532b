import InklingBase
import Foundation
import InklingEngines
import InklingTransport

/// ComfyUI's HTTP endpoints, each turned into Swift values or ``RemoteEngineError``s.
struct ComfyUIClient: Sendable {
    /// A file ComfyUI stored: what `/upload/image` returns and `/history` lists.
    struct FileReference: Sendable, Hashable {
        var filename: String
        var subfolder: String
        var type: String

        /// The name LoadImage takes: `subfolder/filename`, annotated with its folder as ComfyUI's
        /// own front end does (`name [temp]`) unless it is in input/, where bare names look.
        var loadImageName: String {
            let path = subfolder.isEmpty ? filename : "\(subfolder)/\(filename)"
            return type == "input" ? path : "\(path) [\(type)]"
        }
    }

    /// Where a queued prompt stands according to `/history`.
    enum HistoryState: Sendable, Hashable {
        case pending
        case done([FileReference])
        case failed(String)
        /// Stopped by an interrupt (`execution_interrupted` among the status messages).
        case interrupted
    }

    let http: HTTPClient

    /// Uploads a PNG to ComfyUI's temp folder (which it empties when it starts and exits)
    /// through `POST /upload/image` and returns the reference it assigned (it may rename the file).
    func upload(_ png: [UInt8], name: String) async throws -> FileReference {
        var form = MultipartForm()
        form.add("image", filename: name, contentType: "image/png", data: png)
        form.add("type", "temp")
        form.add("overwrite", "true")
        let response = try await http.send("POST", "/upload/image", body: form.body, contentType: form.contentType)
        let json = try http.decode(response, operation: "POST /upload/image")
        guard let stored = json["name"]?.string, !stored.isEmpty else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "POST /upload/image", reason: "no \"name\" in the answer")
        }
        return FileReference(filename: stored, subfolder: json["subfolder"]?.string ?? "", type: json["type"]?.string ?? "temp")
    }

    /// Queues a workflow with `POST /prompt` and returns its prompt id. A `400` with
    /// `node_errors` becomes ``RemoteEngineError/modelMissing(service:role:name:available:hint:)``
    /// for a model or setting ComfyUI lacks (its list fetched from `/object_info` when the answer
    /// leaves it out), ``RemoteEngineError/rejected(service:details:)`` otherwise; a refusal
    /// for a LoadImage image the server cannot find is ``ComfyUIMissingUploads``, carrying that error.
    func queue(_ workflow: JSONValue, clientID: String) async throws -> String {
        let operation = "POST /prompt"
        let body: JSONValue = ["prompt": workflow, "client_id": .string(clientID)]
        let response = try await http.send("POST", "/prompt", body: body.serialized(), contentType: "application/json")
        if response.status == 400, let json = try? JSONValue.parse(response.body) {
            let error = await ComfyUIRejection.error(json, service: http.service) { node, input in try? await self.options(node: node, input: input) }
            if let missing = ComfyUIMissingUploads.names(in: json) { throw ComfyUIMissingUploads(names: missing, error: error) }
            throw error
        }
        let json = try http.decode(response, operation: operation)
        if let errors = json["node_errors"]?.object, !errors.isEmpty {
            throw await ComfyUIRejection.error(json, service: http.service) { node, input in try? await self.options(node: node, input: input) }
        }
        guard let id = json["prompt_id"]?.string, !id.isEmpty else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "no \"prompt_id\" in the answer")
        }
        return id
    }

    /// Where prompt `id` stands, from `GET /history/{id}`.
    func history(_ id: String, outputNode: String) async throws -> HistoryState {
        let operation = "GET /history/\(id)"
        let json = try await http.json("GET", "/history/\(id)")
        guard case .object(let entries) = json else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "not a JSON object")
        }
        guard let entry = entries[id] else { return .pending }
        let status = entry["status"]
        let messages = (status?["messages"]?.array ?? []).compactMap(\.array)
        func message(_ type: String) -> JSONValue? { messages.first { $0.first?.string == type }.map { $0.dropFirst().first ?? .null } }
        if message("execution_interrupted") != nil { return .interrupted }
        if status?["status_str"]?.string == "error" {
            return .failed(message("execution_error").map(ComfyUIEvent.failureReason) ?? "the prompt ended with an error (see ComfyUI's log)")
        }
        let images = (entry["outputs"]?[outputNode]?["images"]?.array ?? []).compactMap(Self.reference)
        if !images.isEmpty { return .done(images) }
        if status?["completed"]?.bool == true { return .done([]) }
        return .pending
    }

    /// Downloads a stored file through `GET /view`.
    func view(_ file: FileReference) async throws -> [UInt8] {
        let operation = "GET /view"
        let response = try await http.send("GET", "/view", query: [
            URLQueryItem(name: "filename", value: file.filename), URLQueryItem(name: "subfolder", value: file.subfolder),
            URLQueryItem(name: "type", value: file.type),
        ])
        guard (200..<300).contains(response.status) else {
            throw RemoteEngineError.status(service: http.service, operation: operation, code: response.status, detail: response.detail)
        }
        return response.body
    }

    static func reference(_ json: JSONValue) -> FileReference? {
        guard let name = json["filename"]?.string else { return nil }
        return FileReference(filename: name, subfolder: json["subfolder"]?.string ?? "", type: json["type"]?.string ?? "output")
    }
}
