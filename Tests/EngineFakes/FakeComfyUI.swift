import Foundation
import InklingEngines

/// A ComfyUI server on loopback that implements the API Inkling uses — `/object_info`,
/// `/upload/image`, `/prompt` (validated like ComfyUI's `validate_prompt`), `/ws` messages
/// (`execution_start`, `executing`, `progress`, `executed`, `execution_success`), `/history`,
/// `/view`, `/interrupt`, `/queue` — and "executes" a workflow by painting a real PNG from the
/// uploaded images and the seed (``FakePainter``).
public final class FakeComfyUI: @unchecked Sendable {
    /// Failure modes and timing.
    public struct Behavior: Sendable {
        /// Seconds per sampling step.
        public var stepDelay = 0.002
        /// Drop the WebSocket after this many steps (the run continues; only `/history` tells).
        public var dropSocketAfterStep: Int?
        /// Answer `/ws` with 404, as behind a proxy without WebSocket support.
        public var refuseSocket = false
        /// Answer uploads under a new name, as ComfyUI does when the name is taken.
        public var renameUploads = true
        /// Replace the answer to `POST /prompt`.
        public var promptReply: ServerReply?
        /// Replace the answer to `GET /history/…`.
        public var historyReply: ServerReply?
        /// Fail execution at the sampler with this exception message.
        public var executionError: String?
        /// Never finish (until interrupted).
        public var neverFinish = false
        /// Delay every answer by this many seconds.
        public var slowSeconds = 0.0
        /// Answer this many `/history` requests with 503 first (a restarting proxy).
        public var historyUnavailable = 0

        public init() {}
    }

    /// Installed checkpoints.
    public let checkpoints: [String]
    /// Installed ControlNet models.
    public let controlNets: [String]
    /// The HTTP server.
    public private(set) var server: LoopbackServer!

    let state = FakeComfyUIState()

    /// Starts a fake with these models and behaviour.
    public init(checkpoints: [String] = ["sd_xl_base_1.0.safetensors"],
                controlNets: [String] = ["controlnet-scribble-sdxl-1.0.safetensors"], behavior: Behavior = Behavior()) throws {
        self.checkpoints = checkpoints
        self.controlNets = controlNets
        state.behavior = behavior
        server = try LoopbackServer { [weak self] request in
            guard let self else { return .hangUp }
            let reply = self.route(request)
            let slow = self.state.locked { $0.behavior.slowSeconds }
            return slow > 0 ? .delayed(seconds: slow, reply) : reply
        }
    }

    deinit { server.stop() }

    /// The behaviour (changeable between requests).
    public var behavior: Behavior {
        get { state.locked { $0.behavior } }
        set { state.locked { $0.behavior = newValue } }
    }

    /// Workflows queued (accepted or not), in order.
    public var workflows: [JSONValue] { state.locked { $0.workflows } }
    /// Uploaded files by stored name.
    public var uploads: [String: [UInt8]] { state.locked { $0.uploads } }
    /// `POST /interrupt` calls received.
    public var interrupts: Int { state.locked { $0.interrupts } }
    /// Prompt ids asked to be deleted from the queue.
    public var deleted: [String] { state.locked { $0.deleted } }
    /// Protocol mistakes the fake noticed in what it was sent (should stay empty).
    public var violations: [String] { state.locked { $0.violations } }
    /// Progress messages sent over WebSockets.
    public var progressSent: Int { state.locked { $0.progressSent } }
    /// WebSockets dropped by ``Behavior/dropSocketAfterStep``.
    public var socketsDropped: Int { state.locked { $0.socketsDropped } }

    func route(_ request: ServerRequest) -> ServerReply {
        switch (request.method, request.path) {
        case ("GET", "/system_stats"):
            return .json(["system": ["os": "posix", "comfyui_version": "0.3.40", "python_version": "3.11.9"], "devices": []])
        case ("GET", "/object_info/CheckpointLoaderSimple"):
            // The classic shape: [[names], {options}].
            return .json(["CheckpointLoaderSimple": ["input": ["required": ["ckpt_name": [.array(checkpoints.map(JSONValue.string)), ["tooltip": "checkpoint"]]]],
                                                     "output": ["MODEL", "CLIP", "VAE"], "name": "CheckpointLoaderSimple"]])
        case ("GET", "/object_info/ControlNetLoader"):
            // The newer shape: ["COMBO", {"options": [names]}].
            return .json(["ControlNetLoader": ["input": ["required": ["control_net_name": ["COMBO", ["options": .array(controlNets.map(JSONValue.string))]]]],
                                               "output": ["CONTROL_NET"], "name": "ControlNetLoader"]])
        case ("POST", "/upload/image"):
            return upload(request)
        case ("POST", "/prompt"):
            return queue(request)
        case ("GET", "/ws"):
            return socket(request)
        case ("GET", "/view"):
            let key = [request.query["subfolder"] ?? "", request.query["filename"] ?? ""].filter { !$0.isEmpty }.joined(separator: "/")
            guard request.query["type"] == "output", let png = state.locked({ $0.outputs[key] }) else { return .text("404: Not Found", status: 404) }
            return .png(png)
        case ("POST", "/interrupt"):
            state.locked { $0.interrupts += 1; $0.interruptRequested = true }
            return .respond(status: 200, contentType: "application/json", body: [])
        case ("POST", "/queue"):
            let ids = (request.json?.value["delete"]?.array ?? []).compactMap(\.string)
            state.locked { $0.deleted += ids }
            return .respond(status: 200, contentType: "application/json", body: [])
        case ("GET", let path) where path.hasPrefix("/history/"):
            if let reply = behavior.historyReply { return reply }
            let unavailable = state.locked { s -> Bool in
                guard s.behavior.historyUnavailable > 0 else { return false }
                s.behavior.historyUnavailable -= 1
                return true
            }
            if unavailable { return .text("503 Service Unavailable", status: 503) }
            let id = String(path.dropFirst("/history/".count))
            return .json(state.locked { $0.history[id].map { [id: $0] } ?? [:] })
        default:
            return .text("404: Not Found", status: 404)
        }
    }

    private func upload(_ request: ServerRequest) -> ServerReply {
        guard let parts = request.multipart else {
            state.locked { $0.violations.append("upload without a multipart/form-data body") }
            return .text("Bad Request", status: 400)
        }
        guard let image = parts.first(where: { $0.name == "image" }), let filename = image.filename, !filename.isEmpty else {
            state.locked { $0.violations.append("upload without an image file field") }
            return .text("Bad Request", status: 400)
        }
        guard let decoded = FakePainter.decode(image.data) else {
            state.locked { $0.violations.append("upload of \(filename) is not a PNG") }
            return .text("Bad Request", status: 400)
        }
        if let type = parts.first(where: { $0.name == "type" })?.text, type != "input" {
            state.locked { $0.violations.append("upload type \(type), expected input") }
        }
        if decoded.format.hasAlpha { state.locked { $0.violations.append("\(filename) has an alpha channel") } }
        let stored = state.locked { s -> String in
            var name = filename
            if s.behavior.renameUploads {
                let stem = (filename as NSString).deletingPathExtension, ext = (filename as NSString).pathExtension
                name = "\(stem) (1).\(ext)"
            }
            s.uploads[name] = image.data
            return name
        }
        return .json(["name": .string(stored), "subfolder": "", "type": "input"])
    }

    private func queue(_ request: ServerRequest) -> ServerReply {
        guard let body = request.json?.value, let workflow = body["prompt"] else {
            return .json(["error": ["type": "invalid_prompt", "message": "Invalid prompt", "details": "no prompt", "extra_info": [:]], "node_errors": [:]], status: 400)
        }
        let (uploads, override) = state.locked { s -> ([String], ServerReply?) in
            s.workflows.append(workflow)
            return (Array(s.uploads.keys), s.behavior.promptReply)
        }
        if let override { return override }
        let validator = ComfyUIGraphValidator(checkpoints: checkpoints, controlNets: controlNets, uploads: uploads)
        if let problems = validator.problems(workflow) { return .json(problems, status: 400) }
        let clientID = body["client_id"]?.string ?? ""
        let id = UUID().uuidString.lowercased()
        let number = state.locked { s -> Int in s.queued += 1; s.interruptRequested = false; return s.queued }
        Thread { [self] in FakeComfyUIRun(fake: self, id: id, clientID: clientID, number: number, workflow: workflow).execute() }.start()
        return .json(["prompt_id": .string(id), "number": .int(Int64(number)), "node_errors": [:]])
    }

    private func socket(_ request: ServerRequest) -> ServerReply {
        if behavior.refuseSocket { return .text("404: Not Found", status: 404) }
        let clientID = request.query["clientId"] ?? UUID().uuidString
        return .webSocket { [state] peer in
            state.locked { $0.sockets[clientID] = peer }
            peer.send(["type": "status", "data": ["status": ["exec_info": ["queue_remaining": 0]], "sid": .string(clientID)]])
        }
    }
}
