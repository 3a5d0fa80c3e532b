import Foundation

/// ComfyUI's HTTP endpoints, each turned into Swift values or ``RemoteEngineError``s.
struct ComfyUIClient: Sendable {
    /// A file ComfyUI stored: what `/upload/image` returns and `/history` lists.
    struct FileReference: Sendable, Hashable {
        var filename: String
        var subfolder: String
        var type: String

        /// The name LoadImage takes: `subfolder/filename`, or just the file name.
        var loadImageName: String { subfolder.isEmpty ? filename : "\(subfolder)/\(filename)" }
    }

    /// Where a queued prompt stands according to `/history`.
    enum HistoryState: Sendable {
        case pending
        case done([FileReference])
        case failed(String)
    }

    let http: HTTPClient

    /// Uploads a PNG to ComfyUI's input folder through `POST /upload/image` and returns the
    /// reference it assigned (it may rename the file).
    func upload(_ png: [UInt8], name: String) async throws -> FileReference {
        var form = MultipartForm()
        form.add("image", filename: name, contentType: "image/png", data: png)
        form.add("type", "input")
        form.add("overwrite", "true")
        let response = try await http.send("POST", "/upload/image", body: form.body, contentType: form.contentType)
        let json = try http.decode(response, operation: "POST /upload/image")
        guard let stored = json["name"]?.string, !stored.isEmpty else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "POST /upload/image", reason: "no \"name\" in the answer")
        }
        return FileReference(filename: stored, subfolder: json["subfolder"]?.string ?? "", type: json["type"]?.string ?? "input")
    }

    /// Queues a workflow with `POST /prompt` and returns its prompt id. A `400` with
    /// `node_errors` becomes ``RemoteEngineError/modelMissing(service:role:name:available:hint:)``
    /// for a model ComfyUI lacks, ``RemoteEngineError/rejected(service:details:)`` otherwise.
    func queue(_ workflow: JSONValue, clientID: String) async throws -> String {
        let operation = "POST /prompt"
        let body: JSONValue = ["prompt": workflow, "client_id": .string(clientID)]
        let response = try await http.send("POST", "/prompt", body: body.serialized(), contentType: "application/json")
        if response.status == 400, let json = try? JSONValue.parse(response.body) {
            throw ComfyUIRejection.error(json, service: http.service)
        }
        let json = try http.decode(response, operation: operation)
        if let errors = json["node_errors"]?.object, !errors.isEmpty { throw ComfyUIRejection.error(json, service: http.service) }
        guard let id = json["prompt_id"]?.string, !id.isEmpty else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "no \"prompt_id\" in the answer")
        }
        return id
    }

    /// Where prompt `id` stands, from `GET /history/{id}`.
    func history(_ id: String, saveNode: String) async throws -> HistoryState {
        let operation = "GET /history/\(id)"
        let json = try await http.json("GET", "/history/\(id)")
        guard case .object(let entries) = json else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: operation, reason: "not a JSON object")
        }
        guard let entry = entries[id] else { return .pending }
        let status = entry["status"]
        if status?["status_str"]?.string == "error" {
            let messages = status?["messages"]?.array ?? []
            let error = messages.compactMap { $0.array }.first { $0.first?.string == "execution_error" }?.dropFirst().first
            return .failed(error.map(ComfyUIEvent.failureReason) ?? "the prompt ended with an error (see ComfyUI's log)")
        }
        let images = (entry["outputs"]?[saveNode]?["images"]?.array ?? []).compactMap(Self.reference)
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

    /// Stops the running prompt (`POST /interrupt`) and drops `id` from the queue
    /// (`POST /queue {"delete": [id]}`); failures are ignored, this is best effort on the way out.
    func abandon(_ id: String) async {
        _ = try? await http.send("POST", "/interrupt", body: (["prompt_id": .string(id)] as JSONValue).serialized(),
                                 contentType: "application/json", timeout: 5)
        _ = try? await http.send("POST", "/queue", body: (["delete": [.string(id)]] as JSONValue).serialized(),
                                 contentType: "application/json", timeout: 5)
    }

    /// The choices ComfyUI offers for `input` of node class `node` (`GET /object_info/{node}`):
    /// checkpoint or ControlNet file names. Reads both the classic `[[names], {...}]` shape and
    /// the newer `["COMBO", {"options": [names]}]`.
    func options(node: String, input: String) async throws -> [String] {
        let json = try await http.json("GET", "/object_info/\(node)")
        guard let spec = json[node]?["input"]?["required"]?[input]?.array, let first = spec.first else {
            throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET /object_info/\(node)",
                                                      reason: "no \(input) input listed: is the \(node) node installed?")
        }
        if let names = first.array { return names.compactMap(\.string) }
        return (spec.dropFirst().first?["options"]?.array ?? []).compactMap(\.string)
    }

    static func reference(_ json: JSONValue) -> FileReference? {
        guard let name = json["filename"]?.string else { return nil }
        return FileReference(filename: name, subfolder: json["subfolder"]?.string ?? "", type: json["type"]?.string ?? "output")
    }
}
