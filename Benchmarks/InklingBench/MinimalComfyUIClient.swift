import InklingBase
import Foundation
import InklingEngines
import InklingTransport

/// The least a client must do to get images from ComfyUI for a workflow: upload its image,
/// queue, wait on `/ws`, read `/history`, download through `/view`. No checks, no clean-up.
final class MinimalComfyUIClient: @unchecked Sendable {
    private let http: HTTPClient
    private let socket: WebSocketClient
    private let clientID = UUID().uuidString.lowercased()
    private let workflow: JSONValue
    private let guide: [UInt8]

    /// Connects its one socket; `workflow` is sent with its LoadImage node pointed at each
    /// request's upload of `guide` and its KSampler's seed changed.
    init(base: URL, workflow: JSONValue, guide: [UInt8]) async throws {
        http = HTTPClient(base: base, product: "ComfyUI", startHint: "", timeout: 30)
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        components.path = "/ws"
        components.queryItems = [URLQueryItem(name: "clientId", value: clientID)]
        socket = try await WebSocketClient.connect(to: components.url!, timeout: 5)
        self.workflow = workflow
        self.guide = guide
    }

    /// Closes the socket.
    func close() { socket.close() }

    /// Seconds to get `images` images (seeds `seed`, `seed + 1` …) from one upload.
    func request(images: Int, seed: UInt64) async throws -> Double {
        let start = ContinuousClock.now
        var form = MultipartForm()
        form.add("image", filename: "guide.png", contentType: "image/png", data: guide)
        form.add("type", "temp")
        form.add("overwrite", "true")
        let stored = try http.decode(try await http.send("POST", "/upload/image", body: form.body, contentType: form.contentType),
                                     operation: "POST /upload/image")
        let name = "\(stored["name"]?.string ?? "") [temp]"
        for image in 0..<images {
            let graph = Self.graph(workflow, image: name, seed: seed + UInt64(image))
            let body: JSONValue = ["prompt": graph, "client_id": .string(clientID)]
            let queued = try await http.json("POST", "/prompt", body: body)
            guard let id = queued["prompt_id"]?.string else { throw BenchError.failed("no prompt_id") }
            while true {
                guard case .text(let text)? = try await socket.receive(timeout: 30) else { continue }
                let json = try JSONValue.parse(Array(text.utf8))
                if json["type"]?.string == "execution_success", json["data"]?["prompt_id"]?.string == id { break }
            }
            var file: JSONValue?
            while file == nil {
                let history = try await http.json("GET", "/history/\(id)")
                file = history[id]?["outputs"]?.object?.values.first?["images"]?.array?.first
                if file == nil { try await Task.sleep(nanoseconds: 5_000_000) }
            }
            let response = try await http.send("GET", "/view", query: [
                URLQueryItem(name: "filename", value: file?["filename"]?.string), URLQueryItem(name: "subfolder", value: file?["subfolder"]?.string),
                URLQueryItem(name: "type", value: file?["type"]?.string),
            ])
            guard response.status == 200, !response.body.isEmpty else { throw BenchError.failed("GET /view answered \(response.status)") }
        }
        return ComfyUIBench.seconds(ContinuousClock.now - start)
    }

    /// `workflow` with every LoadImage loading `image` and every KSampler seeded with `seed`.
    static func graph(_ workflow: JSONValue, image: String, seed: UInt64) -> JSONValue {
        guard case .object(var nodes) = workflow else { return workflow }
        for (id, node) in nodes {
            guard case .object(var members) = node, case .object(var inputs)? = members["inputs"] else { continue }
            switch node["class_type"]?.string {
            case "LoadImage": inputs["image"] = .string(image)
            case "KSampler": inputs["seed"] = .uint(seed)
            default: continue
            }
            members["inputs"] = .object(inputs)
            nodes[id] = .object(members)
        }
        return .object(nodes)
    }
}
