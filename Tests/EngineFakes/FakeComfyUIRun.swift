import Foundation
import InklingEngines
import InklingImageIO

/// One queued prompt of a ``FakeComfyUI``, executed on its own thread: messages over the
/// client's WebSocket as ComfyUI sends them, then the history entry and the output file.
struct FakeComfyUIRun {
    let fake: FakeComfyUI
    let id: String
    let clientID: String
    let number: Int
    let workflow: JSONValue

    private var state: FakeComfyUIState { fake.state }

    func execute() {
        let behavior = state.locked { $0.behavior }
        send(["type": "execution_start", "data": ["prompt_id": .string(id), "timestamp": 0]])
        send(["type": "execution_cached", "data": ["nodes": [], "prompt_id": .string(id)]])
        let nodes = workflow.object ?? [:]
        let sampler = nodes.first { $0.value["class_type"]?.string == "KSampler" }
        let steps = sampler?.value["inputs"]?["steps"]?.int ?? 1
        send(["type": "executing", "data": ["node": .string(sampler?.key ?? "9"), "display_node": .string(sampler?.key ?? "9"), "prompt_id": .string(id)]])
        var step = 0
        while step < steps || behavior.neverFinish {
            if state.locked({ $0.interruptRequested }) {
                send(["type": "execution_interrupted", "data": ["prompt_id": .string(id), "node_id": .string(sampler?.key ?? "9"), "node_type": "KSampler", "executed": []]])
                finish(status: "error", outputs: [:], messages: [["execution_interrupted", ["prompt_id": .string(id)]]])
                return
            }
            Thread.sleep(forTimeInterval: behavior.stepDelay)
            step += 1
            if step > 15_000 { break }
            if step <= steps {
                send(["type": "progress", "data": ["value": .int(Int64(step)), "max": .int(Int64(steps)), "prompt_id": .string(id), "node": .string(sampler?.key ?? "9")]])
                state.locked { $0.progressSent += 1 }
            }
            if behavior.dropSocketAfterStep == step, let peer = state.locked({ $0.sockets[clientID] }) {
                peer.drop()
                state.locked { $0.socketsDropped += 1 }
            }
        }
        if let message = behavior.executionError {
            let error: JSONValue = ["prompt_id": .string(id), "node_id": .string(sampler?.key ?? "9"), "node_type": "KSampler",
                                    "exception_message": .string(message), "exception_type": "RuntimeError", "traceback": []]
            send(["type": "execution_error", "data": error])
            finish(status: "error", outputs: [:], messages: [["execution_error", error]])
            return
        }
        let (save, image) = paint(nodes, seed: sampler?.value["inputs"]?["seed"])
        let name = "inkling_\(String(format: "%05d", number))_.png"
        state.locked { $0.outputs[name] = image }
        let images: JSONValue = ["images": [["filename": .string(name), "subfolder": "", "type": "output"]]]
        send(["type": "executing", "data": ["node": .string(save), "display_node": .string(save), "prompt_id": .string(id)]])
        send(["type": "executed", "data": ["node": .string(save), "display_node": .string(save), "output": images, "prompt_id": .string(id)]])
        finish(status: "success", outputs: [save: images], messages: [["execution_start", ["prompt_id": .string(id)]], ["execution_success", ["prompt_id": .string(id)]]])
        send(["type": "executing", "data": ["node": .null, "prompt_id": .string(id)]])
        send(["type": "execution_success", "data": ["prompt_id": .string(id), "timestamp": 0]])
    }

    /// The SaveImage node and the PNG the graph "produces".
    private func paint(_ nodes: [String: JSONValue], seed: JSONValue?) -> (String, [UInt8]) {
        func input(_ node: String?, _ name: String) -> JSONValue? { node.flatMap { nodes[$0]?["inputs"]?[name] } }
        func source(of link: JSONValue?) -> String? { link?.array?.first?.string }
        func loaded(_ node: String?) -> RasterImage? {
            guard let name = input(node, "image")?.string, let bytes = state.locked({ $0.uploads[name] }) else { return nil }
            return FakePainter.decode(bytes)
        }
        let save = nodes.first { $0.value["class_type"]?.string == "SaveImage" }?.key ?? "11"
        let apply = nodes.first { $0.value["class_type"]?.string == "ControlNetApplyAdvanced" }?.key
        let guidance = loaded(source(of: input(apply, "image")))
        let sampler = nodes.first { $0.value["class_type"]?.string == "KSampler" }?.key
        let latent = source(of: input(sampler, "latent_image"))
        var width = input(latent, "width")?.int ?? 64, height = input(latent, "height")?.int ?? 64
        var sourceImage: RasterImage?
        if nodes[latent ?? ""]?["class_type"]?.string == "VAEEncode", let image = loaded(source(of: input(latent, "pixels"))) {
            sourceImage = image
            width = image.width
            height = image.height
        }
        let seedValue: UInt64 = switch seed {
        case .uint(let v)?: v
        case .int(let v)?: UInt64(truncatingIfNeeded: v)
        default: 0
        }
        return (save, FakePainter.png(width: width, height: height, seed: seedValue, guidance: guidance, source: sourceImage))
    }

    private func finish(status: String, outputs: [String: JSONValue], messages: [JSONValue]) {
        let entry: JSONValue = [
            "prompt": [.int(Int64(number)), .string(id), workflow, [:], ["11"]],
            "outputs": .object(outputs),
            "status": ["status_str": .string(status), "completed": .bool(status == "success"), "messages": .array(messages)],
        ]
        state.locked { $0.history[id] = entry }
    }

    private func send(_ message: JSONValue) {
        state.locked { $0.sockets[clientID] }?.send(message)
    }
}
