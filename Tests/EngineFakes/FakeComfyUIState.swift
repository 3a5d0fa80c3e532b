import InklingBase
import Foundation
import InklingEngines

/// The mutable state of a ``FakeComfyUI``, behind one lock that is also the condition its
/// queue worker waits on.
final class FakeComfyUIState: @unchecked Sendable {
    /// One accepted prompt, as ComfyUI's queue holds it: `(number, prompt_id, prompt, extra_data, outputs_to_execute)`.
    struct QueueItem {
        var number: Int
        var id: String
        var clientID: String
        var workflow: JSONValue
        var outputs: [String]

        /// The item as `GET /queue` and a history entry's `prompt` write it.
        var json: JSONValue {
            [.int(Int64(number)), .string(id), workflow, ["client_id": .string(clientID)], .array(outputs.map(JSONValue.string))]
        }
    }

    var behavior = FakeComfyUI.Behavior()
    var workflows: [JSONValue] = []
    /// Every upload received, by the name it was stored under.
    var uploads: [String: [UInt8]] = [:]
    /// The server's folders: `subfolder/name` → bytes.
    var files: [FakeComfyUI.Folder: [String: [UInt8]]] = [.input: [:], .output: [:], .temp: [:]]
    var history: [String: JSONValue] = [:]
    var sockets: [String: WebSocketPeer] = [:]
    var pending: [QueueItem] = []
    var running: QueueItem?
    /// `nodes.interrupt_processing()`: set by `/interrupt`, seen at the next sampler step or node,
    /// cleared when a prompt starts.
    var interruptFlag = false
    /// The running prompt's node and completed sampler steps (for ``FakeComfyUI/Interruption``).
    var currentNode: String?
    var currentStep: Int?
    /// ``currentStep`` when the pending interrupt arrived.
    var stepsWhenAsked: Int?
    var interrupts = 0
    var interruptRequests: [String?] = []
    var deleted: [String] = []
    var historyDeletes: [String] = []
    var outcomes: [String: FakeComfyUI.Outcome] = [:]
    var interruptions: [FakeComfyUI.Interruption] = []
    /// The nodes `execution_cached` named, by prompt id.
    var cachedNodes: [String: [String]] = [:]
    /// Node signature → its UI output (`null` for nodes without one), from the last prompt run.
    var cache: [String: JSONValue] = [:]
    var violations: [String] = []
    var progressSent = 0
    var socketsDropped = 0
    var queued = 0
    var shutdown = false

    let condition = NSCondition()

    func locked<T>(_ body: (FakeComfyUIState) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(self)
    }

    /// The file stored under `name`, which may carry ComfyUI's annotation (`x.png [temp]`); bare
    /// names are in the input folder. Call with the lock held.
    func file(annotated name: String) -> [UInt8]? {
        for folder in FakeComfyUI.Folder.allCases where name.hasSuffix(" [\(folder.rawValue)]") {
            return files[folder]?[String(name.dropLast(folder.rawValue.count + 3))]
        }
        return files[.input]?[name]
    }

    /// `queue_remaining`, as the `status` message reports it. Call with the lock held.
    var queueRemaining: Int { pending.count + (running == nil ? 0 : 1) }

    /// Sends a `status` message to every socket. Call with the lock held.
    func broadcastStatus() {
        let remaining = queueRemaining
        for (sid, peer) in sockets {
            peer.send(["type": "status", "data": ["status": ["exec_info": ["queue_remaining": .int(Int64(remaining))]], "sid": .string(sid)]])
        }
    }
}
