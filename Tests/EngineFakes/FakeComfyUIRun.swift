import InklingBase
import Foundation
import InklingEngines

/// One prompt of a ``FakeComfyUI``, executed on the worker's thread with the messages the real
/// server sends its client, in its order: `execution_start`, `execution_cached` (the nodes whose
/// inputs match the previous prompt's), then per node `progress_state` and `executing` (the
/// sampler adds `progress`, `progress_state` and, with previews on, a binary frame per step;
/// output nodes `executed`), then `execution_success`, the history entry a moment later,
/// `status` and `executing` with node `null`.
struct FakeComfyUIRun {
    let state: FakeComfyUIState
    let item: FakeComfyUIState.QueueItem

    private var id: String { item.id }
    var nodes: [String: JSONValue] { item.workflow.object ?? [:] }

    /// How a run ended early.
    private enum Stop: Error {
        case interrupted(node: String)
        case failed(node: String, message: String)
        case shutdown
    }

    func execute() {
        let behavior = state.locked { $0.behavior }
        var messages: [JSONValue] = []
        func record(_ type: String, _ data: JSONValue) {
            send(type, data)
            messages.append([.string(type), data])
        }
        record("execution_start", ["prompt_id": .string(id), "timestamp": Self.timestamp])
        let order = executionOrder()
        let signatures = self.signatures(order)
        let previous = state.locked { $0.cache }
        let cached = order.filter { previous[signatures[$0]!] != nil }
        state.locked { $0.cachedNodes[id] = cached.sorted() }
        record("execution_cached", ["nodes": .array(cached.sorted().map(JSONValue.string)), "prompt_id": .string(id), "timestamp": Self.timestamp])
        var outputs: [String: JSONValue] = [:]
        var cache: [String: JSONValue] = [:]
        var executed: [String] = []
        var progress: [String: JSONValue] = [:]
        do {
            for node in order {
                let type = nodes[node]?["class_type"]?.string ?? ""
                let signature = signatures[node]!
                if let ui = previous[signature] {
                    cache[signature] = ui
                    if !ui.isNull {
                        outputs[node] = ui
                        send("executed", ["node": .string(node), "display_node": .string(node), "output": ui, "prompt_id": .string(id)])
                    }
                    continue
                }
                try checkInterrupt(at: node, steps: nil)
                progress[node] = nodeState(node, value: 0, max: 1, running: true)
                send("progress_state", ["prompt_id": .string(id), "nodes": .object(progress)])
                send("executing", ["node": .string(node), "display_node": .string(node), "prompt_id": .string(id)])
                if type == "KSampler" {
                    try sample(node, behavior: behavior, progress: &progress)
                } else if behavior.nodeDelay > 0 {
                    Thread.sleep(forTimeInterval: behavior.nodeDelay)
                }
                var ui = JSONValue.null
                if let images = save(node, type: type, behavior: behavior) {
                    ui = ["images": .array(images)]
                    outputs[node] = ui
                    send("executed", ["node": .string(node), "display_node": .string(node), "output": ui, "prompt_id": .string(id)])
                }
                cache[signature] = ui
                executed.append(node)
                progress[node] = nodeState(node, value: 1, max: 1, running: false)
                send("progress_state", ["prompt_id": .string(id), "nodes": .object(progress)])
            }
        } catch Stop.shutdown {
            return
        } catch Stop.interrupted(let node) {
            record("execution_interrupted", ["prompt_id": .string(id), "node_id": .string(node), "node_type": nodes[node]?["class_type"] ?? .null,
                                             "executed": .array(executed.map(JSONValue.string)), "timestamp": Self.timestamp])
            finish(.interrupted, outputs: outputs, messages: messages, cache: cache.merging(previous) { new, _ in new }, lag: 0)
            return
        } catch Stop.failed(let node, let message) {
            record("execution_error", ["prompt_id": .string(id), "node_id": .string(node), "node_type": nodes[node]?["class_type"] ?? .null,
                                       "executed": .array(executed.map(JSONValue.string)), "exception_message": .string(message),
                                       "exception_type": "RuntimeError", "traceback": [], "current_inputs": [:], "current_outputs": [:],
                                       "timestamp": Self.timestamp])
            finish(.failed, outputs: outputs, messages: messages, cache: cache, lag: 0)
            return
        } catch {
            return
        }
        record("execution_success", ["prompt_id": .string(id), "timestamp": Self.timestamp])
        finish(.succeeded, outputs: outputs, messages: messages, cache: cache, lag: behavior.historyLag)
    }

    /// The sampler's steps: an interrupt is seen when the next step starts.
    private func sample(_ node: String, behavior: FakeComfyUI.Behavior, progress: inout [String: JSONValue]) throws {
        let steps = nodes[node]?["inputs"]?["steps"]?.int ?? 1
        var step = 0
        while step < steps || behavior.neverFinish {
            try checkInterrupt(at: node, steps: step)
            Thread.sleep(forTimeInterval: behavior.stepDelay)
            step += 1
            state.locked { $0.currentStep = step }
            guard step <= steps else { continue }
            progress[node] = nodeState(node, value: step, max: steps, running: true)
            send("progress_state", ["prompt_id": .string(id), "nodes": .object(progress)])
            send("progress", ["value": .int(Int64(step)), "max": .int(Int64(steps)), "prompt_id": .string(id), "node": .string(node)])
            state.locked { $0.progressSent += 1 }
            if behavior.previewFrames { sendPreview() }
            if behavior.dropSocketAfterStep == step, let peer = state.locked({ $0.sockets[item.clientID] }) {
                peer.drop()
                state.locked { $0.socketsDropped += 1 }
            }
        }
        if let message = behavior.executionError { throw Stop.failed(node: node, message: message) }
    }

    private func checkInterrupt(at node: String, steps: Int?) throws {
        let (interrupted, shutdown) = state.locked { s -> (Bool, Bool) in
            s.currentNode = node
            if steps == nil { s.currentStep = nil }
            guard s.interruptFlag else { return (false, s.shutdown) }
            s.interruptions.append(FakeComfyUI.Interruption(promptID: id, node: node, stepsWhenAsked: s.stepsWhenAsked, stepsWhenStopped: steps))
            return (true, s.shutdown)
        }
        if shutdown { throw Stop.shutdown }
        if interrupted { throw Stop.interrupted(node: node) }
    }

    /// Writes the history entry (after `lag` seconds), leaves the queue, tells the client.
    private func finish(_ outcome: FakeComfyUI.Outcome, outputs: [String: JSONValue], messages: [JSONValue], cache: [String: JSONValue], lag: Double) {
        if lag > 0 { Thread.sleep(forTimeInterval: lag) }
        var meta: [String: JSONValue] = [:]
        for node in outputs.keys { meta[node] = ["node_id": .string(node), "display_node": .string(node), "parent_node": .null, "real_node_id": .string(node)] }
        let entry: JSONValue = [
            "prompt": item.json, "outputs": .object(outputs), "meta": .object(meta),
            "status": ["status_str": outcome == .succeeded ? "success" : "error", "completed": .bool(outcome == .succeeded), "messages": .array(messages)],
        ]
        state.locked { s in
            s.history[id] = entry
            s.cache = cache
            s.outcomes[id] = outcome
            s.running = nil
            s.currentNode = nil
            s.currentStep = nil
            s.broadcastStatus()
        }
        send("executing", ["node": .null, "display_node": .null, "prompt_id": .string(id)])
    }

    private func nodeState(_ node: String, value: Int, max: Int, running: Bool) -> JSONValue {
        ["value": .int(Int64(value)), "max": .int(Int64(max)), "state": running ? "running" : "finished", "node_id": .string(node),
         "prompt_id": .string(id), "display_node_id": .string(node), "parent_node_id": .null, "real_node_id": .string(node)]
    }

    private func send(_ type: String, _ data: JSONValue) {
        state.locked { $0.sockets[item.clientID] }?.send(["type": .string(type), "data": data])
    }

    /// A preview frame as `--preview-method` sends it: event 1 (preview image), format 1 (JPEG), the image.
    private func sendPreview() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 2048) + [0xFF, 0xD9]
        state.locked { $0.sockets[item.clientID] }?.send(binary: [0, 0, 0, 1, 0, 0, 0, 1] + jpeg)
    }

    static var timestamp: JSONValue { .int(Int64(Date().timeIntervalSince1970 * 1000)) }
}
