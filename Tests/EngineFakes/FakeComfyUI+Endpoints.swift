import Foundation
import InklingEngines

/// The endpoints that change a ``FakeComfyUI``'s state, answered as ComfyUI 0.3.64's server.py does.
extension FakeComfyUI {
    /// `POST /upload/image`: `image` (a file), `type` (`input`, `temp` or `output`; input by
    /// default), `subfolder`, `overwrite`.
    func upload(_ request: ServerRequest) -> ServerReply {
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
        let typeName = parts.first(where: { $0.name == "type" })?.text ?? "input"
        let folder = Folder(rawValue: typeName) ?? .input
        let subfolder = parts.first(where: { $0.name == "subfolder" })?.text ?? ""
        if decoded.format.hasAlpha { state.locked { $0.violations.append("\(filename) has an alpha channel") } }
        let stored = state.locked { s -> String in
            var name = filename
            if s.behavior.renameUploads {
                let stem = (filename as NSString).deletingPathExtension, ext = (filename as NSString).pathExtension
                name = "\(stem) (1).\(ext)"
            }
            s.uploads[name] = image.data
            s.files[folder, default: [:]][subfolder.isEmpty ? name : "\(subfolder)/\(name)"] = image.data
            return name
        }
        return .json(["name": .string(stored), "subfolder": .string(subfolder), "type": .string(folder.rawValue)])
    }

    /// `POST /prompt`: validated against `/object_info`, then queued.
    func queue(_ request: ServerRequest) -> ServerReply {
        guard let body = request.json?.value, let workflow = body["prompt"] else {
            return .json(ComfyUIValidationError.prompt("invalid_prompt", "Invalid prompt", "no prompt"), status: 400)
        }
        let override = state.locked { s -> ServerReply? in
            s.workflows.append(workflow)
            return s.behavior.promptReply
        }
        if let override { return override }
        let validator = ComfyUIGraphValidator(info: objectInfo) { [state] name in state.locked { $0.file(annotated: name) != nil } }
        let outcome = validator.validate(workflow)
        state.locked { $0.violations += outcome.violations }
        if let rejection = outcome.rejection { return .json(rejection, status: 400) }
        let outputs = (workflow.object ?? [:]).filter { objectInfo.isOutput($0.value["class_type"]?.string ?? "") }.keys.sorted()
        let id = UUID().uuidString.lowercased()
        let number = state.locked { s -> Int in
            let number = s.queued
            s.queued += 1
            s.pending.append(FakeComfyUIState.QueueItem(number: number, id: id, clientID: body["client_id"]?.string ?? "",
                                                        workflow: workflow, outputs: outputs))
            s.outcomes[id] = .pending
            s.broadcastStatus()
            s.condition.broadcast()
            return number
        }
        let reply = ServerReply.json(["prompt_id": .string(id), "number": .int(Int64(number)), "node_errors": [:]])
        let delay = behavior.promptDelay
        return delay > 0 ? .delayed(seconds: delay, reply) : reply
    }

    /// `POST /queue`: `{"delete": [ids]}` removes pending prompts, `{"clear": true}` all of them;
    /// the running one is never touched.
    func editQueue(_ request: ServerRequest) -> ServerReply {
        let body = request.json?.value
        let ids = (body?["delete"]?.array ?? []).compactMap(\.string)
        let clear = body?["clear"]?.bool == true
        state.locked { s in
            s.deleted += ids
            let removed = s.pending.filter { clear || ids.contains($0.id) }
            s.pending.removeAll { clear || ids.contains($0.id) }
            for item in removed { s.outcomes[item.id] = .removed }
            if !removed.isEmpty { s.broadcastStatus() }
        }
        return .respond(status: 200, contentType: "text/plain", body: [])
    }

    /// `POST /interrupt`: with `prompt_id`, only when that prompt is the running one; without,
    /// whatever runs. Either way it takes effect at the next sampler step or node.
    func interrupt(_ request: ServerRequest) -> ServerReply {
        let target = request.json?.value["prompt_id"]?.string
        state.locked { s in
            s.interrupts += 1
            s.interruptRequests.append(target)
            guard let running = s.running, target == nil || target == running.id else { return }
            if !s.interruptFlag { s.stepsWhenAsked = s.currentStep }
            s.interruptFlag = true
        }
        return .respond(status: 200, contentType: "text/plain", body: [])
    }

    /// `POST /history`: `{"delete": [ids]}` or `{"clear": true}`.
    func editHistory(_ request: ServerRequest) -> ServerReply {
        let body = request.json?.value
        let ids = (body?["delete"]?.array ?? []).compactMap(\.string)
        state.locked { s in
            s.historyDeletes += ids
            if body?["clear"]?.bool == true { s.history = [:] }
            for id in ids { s.history[id] = nil }
        }
        return .respond(status: 200, contentType: "text/plain", body: [])
    }

    /// `GET /history/{id}`: `{}` until the prompt has finished and its entry is written.
    func historyEntry(_ id: String) -> ServerReply {
        if let reply = behavior.historyReply { return reply }
        let unavailable = state.locked { s -> Bool in
            guard s.behavior.historyUnavailable > 0 else { return false }
            s.behavior.historyUnavailable -= 1
            return true
        }
        if unavailable { return .text("503 Service Unavailable", status: 503) }
        return .json(state.locked { $0.history[id].map { [id: $0] } ?? [:] })
    }

    /// `GET /view?filename=…&subfolder=…&type=…`.
    func view(_ request: ServerRequest) -> ServerReply {
        let key = [request.query["subfolder"] ?? "", request.query["filename"] ?? ""].filter { !$0.isEmpty }.joined(separator: "/")
        let folder = Folder(rawValue: request.query["type"] ?? "output") ?? .output
        guard let png = state.locked({ $0.files[folder]?[key] }) else { return .text("404: Not Found", status: 404) }
        return .png(png)
    }
}
