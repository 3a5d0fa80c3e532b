import InklingBase
import Foundation
import InklingEngines

/// A ComfyUI 0.3.64 on loopback, as the real one behaves (Reference/comfyui-0.3.64): it serves
/// the real `/object_info` with its own models, validates every workflow against it
/// (``ComfyUIGraphValidator``, ComfyUI's exact `400`), keeps a real queue executed one prompt at
/// a time (`GET /queue`, `POST /queue {"delete"}`), sends the real message order over `/ws`
/// (`status`, `execution_start`, `execution_cached`, `executing`, `progress` with `progress_state`,
/// binary previews, `executed`, `execution_success` before the history entry is complete),
/// caches nodes between prompts, acts on `/interrupt` only for the running prompt and only at
/// the next sampler step, and keeps files in input/, output/ and temp/ and entries in
/// `/history` until deleted (``remains``). A workflow "executes" by painting a real PNG from the
/// uploaded images and the seed (``FakePainter``).
public final class FakeComfyUI: @unchecked Sendable {
    /// Installed checkpoints.
    public let checkpoints: [String]
    /// Installed ControlNet models.
    public let controlNets: [String]
    /// The HTTP server.
    public private(set) var server: LoopbackServer!

    let state = FakeComfyUIState()

    /// Starts a fake with these models and behaviour (pass more than 20 models to see ComfyUI
    /// leave the list out of its `400` answers).
    public init(checkpoints: [String] = ["sd_xl_base_1.0.safetensors"],
                controlNets: [String] = ["controlnet-scribble-sdxl-1.0.safetensors"], behavior: Behavior = Behavior()) throws {
        self.checkpoints = checkpoints
        self.controlNets = controlNets
        state.behavior = behavior
        _ = ComfyUIObjectInfo.reference
        server = try LoopbackServer { [weak self] request in
            guard let self else { return .hangUp }
            let reply = self.route(request)
            let slow = self.state.locked { $0.behavior.slowSeconds }
            return slow > 0 ? .delayed(seconds: slow, reply) : reply
        }
        let worker = FakeComfyUIWorker(state: state)
        Thread { worker.run() }.start()
    }

    deinit {
        state.locked { $0.shutdown = true; $0.condition.broadcast() }
        server.stop()
    }

    /// The behaviour (changeable between requests).
    public var behavior: Behavior {
        get { state.locked { $0.behavior } }
        set { state.locked { $0.behavior = newValue } }
    }

    /// Workflows sent to `POST /prompt` (accepted or not), in order.
    public var workflows: [JSONValue] { state.locked { $0.workflows } }
    /// Every upload received, by the name it was stored under.
    public var uploads: [String: [UInt8]] { state.locked { $0.uploads } }
    /// `POST /interrupt` calls received.
    public var interrupts: Int { state.locked { $0.interrupts } }
    /// The `prompt_id` of each `POST /interrupt` (`nil` for a global one).
    public var interruptRequests: [String?] { state.locked { $0.interruptRequests } }
    /// Prompt ids asked to be deleted from the queue.
    public var deleted: [String] { state.locked { $0.deleted } }
    /// Prompt ids asked to be deleted from the history.
    public var historyDeletes: [String] { state.locked { $0.historyDeletes } }
    /// What became of each accepted prompt, by id.
    public var outcomes: [String: Outcome] { state.locked { $0.outcomes } }
    /// How each interrupt took effect, in order.
    public var interruptions: [Interruption] { state.locked { $0.interruptions } }
    /// The nodes each prompt found cached (`execution_cached`), by prompt id.
    public var cachedNodes: [String: [String]] { state.locked { $0.cachedNodes } }
    /// Protocol mistakes the fake noticed in what it was sent (should stay empty).
    public var violations: [String] { state.locked { $0.violations } }
    /// Progress messages sent over WebSockets.
    public var progressSent: Int { state.locked { $0.progressSent } }
    /// WebSockets dropped by ``Behavior/dropSocketAfterStep``.
    public var socketsDropped: Int { state.locked { $0.socketsDropped } }

    /// What clients' work has left on the server.
    public var remains: Remains {
        state.locked { s in
            Remains(input: s.files[.input, default: [:]].keys.sorted(), output: s.files[.output, default: [:]].keys.sorted(),
                    temp: s.files[.temp, default: [:]].keys.sorted(), history: s.history.keys.sorted(),
                    queue: (s.running.map { [$0.id] } ?? []) + s.pending.map(\.id))
        }
    }

    /// What a restart of ComfyUI does to its state: temp/ is emptied (ComfyUI cleans it when it
    /// exits and when it starts), and the queue, history and node cache, held in memory, are gone.
    /// input/ and output/ stay.
    public func restart() {
        state.locked { s in
            s.files[.temp] = [:]
            s.history = [:]
            s.pending = []
            s.cache = [:]
        }
    }

    /// The node classes as this server describes them: the real ones, with its own lists.
    var objectInfo: ComfyUIObjectInfo {
        let (inputs, combo) = state.locked { ($0.files[.input, default: [:]].keys.sorted(), $0.behavior.comboShape) }
        return ComfyUIObjectInfo(checkpoints: checkpoints, controlNets: controlNets, inputFiles: inputs, comboShape: combo)
    }

    func route(_ request: ServerRequest) -> ServerReply {
        switch (request.method, request.path) {
        case ("GET", "/system_stats"):
            return .json(["system": ["os": "posix", "comfyui_version": "0.3.64", "python_version": "3.11.7", "embedded_python": false],
                          "devices": [["name": "cpu", "type": "cpu", "index": .null, "vram_total": 0, "vram_free": 0]]])
        case ("GET", "/object_info"):
            return .json(.object(objectInfo.classes))
        case ("GET", let path) where path.hasPrefix("/object_info/"):
            let name = String(path.dropFirst("/object_info/".count))
            return .json(objectInfo.classes[name].map { [name: $0] } ?? [:])
        case ("POST", "/upload/image"):
            return upload(request)
        case ("POST", "/prompt"):
            return queue(request)
        case ("GET", "/queue"):
            return .json(state.locked { s in
                ["queue_running": .array(s.running.map { [$0.json] } ?? []), "queue_pending": .array(s.pending.map(\.json))]
            })
        case ("POST", "/queue"):
            return editQueue(request)
        case ("POST", "/interrupt"):
            return interrupt(request)
        case ("GET", "/ws"):
            return socket(request)
        case ("GET", "/view"):
            return view(request)
        case ("GET", "/history"):
            return .json(.object(state.locked { $0.history }))
        case ("POST", "/history"):
            return editHistory(request)
        case ("GET", let path) where path.hasPrefix("/history/"):
            return historyEntry(String(path.dropFirst("/history/".count)))
        default:
            return .text("404: Not Found", status: 404)
        }
    }

    private func socket(_ request: ServerRequest) -> ServerReply {
        if behavior.refuseSocket { return .text("404: Not Found", status: 404) }
        let clientID = request.query["clientId"] ?? UUID().uuidString
        return .webSocket { [state] peer in
            state.locked { s in
                s.sockets[clientID] = peer
                peer.send(["type": "status", "data": ["status": ["exec_info": ["queue_remaining": .int(Int64(s.queueRemaining))]], "sid": .string(clientID)]])
            }
        }
    }
}
