import InklingBase
import InklingConditioning
import InklingEngines

extension ComfyUIEngine {
    /// The summary of a cancellation that came before the prompt was queued.
    static let nothingQueued = "nothing was queued (uploaded maps wait in ComfyUI's temp folder, which it empties when it restarts)"

    /// The engine and conditioning a live frame is made with: the `live` block's steps, CFG,
    /// sampler and scheduler in place of the request's, and its workflow, if it names one, in
    /// place of the engine's. `nil` for any other request, or without a `live` block.
    func framed(_ conditioning: Conditioning) -> (ComfyUIEngine, Conditioning)? {
        guard conditioning.isLiveFrame, let live = entry.live else { return nil }
        var engine = self, frame = conditioning
        engine.entry.live = nil
        if let workflow = live.workflow { engine.entry.workflow = workflow }
        frame.sampling = live.applied(to: conditioning.sampling)
        return (engine, frame)
    }

    /// Uploads the guidance map and source image (each encoded once) for the workflow to load:
    /// the built-in one's, or what the user's workflow (``ComfyUIUserWorkflow``) loads. With
    /// `reuse`, an image whose bytes this server already has (``uploadCache``) is not sent again.
    ///
    /// - Throws: ``EngineFailure/cancelled(service:summary:)`` (nothing queued) once cancelled.
    func uploads(for conditioning: Conditioning, reuse: Bool = true) async throws -> ComfyUIUploads {
        do {
            try Task.checkCancellation()
            try await checkRequestedSampling(conditioning)
            var uploads = ComfyUIUploads()
            if let file = entry.workflow {
                // The workflow's LoadImage nodes need a file either way: without a sketch (or
                // source) they get a blank one, which strength 0 (or denoise 1) leaves without effect.
                if file.targets[.guidanceImage] != nil {
                    let png = try (ComfyUIUserWorkflow.usesSketch(conditioning, file: file) ? RemoteImages.guidancePNG(conditioning) : nil)
                        ?? RemoteImages.blankPNG(conditioning.size, gray: 0)
                    uploads.guidance = try await upload(png, role: "guide", reuse: reuse)
                }
                if file.targets[.sourceImage] != nil {
                    uploads.source = try await upload(try RemoteImages.sourcePNG(conditioning) ?? RemoteImages.blankPNG(conditioning.size, gray: 255),
                                                      role: "source", reuse: reuse)
                }
            } else {
                if ComfyUIWorkflow.usesSketch(conditioning, controlNet: entry.models.controlNet), let png = try RemoteImages.guidancePNG(conditioning) {
                    uploads.guidance = try await upload(png, role: "guide", reuse: reuse)
                }
                if let png = try RemoteImages.sourcePNG(conditioning) { uploads.source = try await upload(png, role: "source", reuse: reuse) }
            }
            try Task.checkCancellation()
            return uploads
        } catch {
            if error is CancellationError || Task.isCancelled {
                throw EngineFailure.cancelled(service: client.http.service, summary: Self.nothingQueued)
            }
            throw error
        }
    }

    /// Queues variation `variation`'s workflow and returns its prompt id. When ComfyUI refuses it
    /// for an uploaded image it no longer has (it restarted, emptying its temp folder), the
    /// cache is forgotten and the images uploaded and queued again, once.
    ///
    /// `POST /prompt` runs in a detached task: cancelled halfway, the request would leave a
    /// prompt queued that Inkling never learnt the id of; a timed-out one is looked for and abandoned.
    func queue(_ conditioning: Conditioning, variation: Int, uploads initial: ComfyUIUploads, clientID: String,
               cleanup: ComfyUICleanup) async throws -> String {
        var uploads = initial, retried = false
        while true {
            let graph = try await graph(for: conditioning, variation: variation, uploads: uploads)
            guard !Task.isCancelled else { throw EngineFailure.cancelled(service: client.http.service, summary: Self.nothingQueued) }
            let queued = await Task.detached { [client] in try await client.queue(graph, clientID: clientID) }.result
            switch queued {
            case .success(let id):
                return id
            case .failure(let missing as ComfyUIMissingUploads):
                guard !retried, !missing.names.isDisjoint(with: uploads.names) else { throw missing.error }
                retried = true
                uploadCache.forgetAll()
                uploads = try await self.uploads(for: conditioning, reuse: false)
            case .failure(let error):
                if Self.isTimeout(error) {
                    // The answer was lost, not necessarily the prompt.
                    _ = await Task.detached { await cleanup.abandon(clientID: clientID) }.value
                }
                throw error
            }
        }
    }

    /// Uploads a PNG under a name derived from its content, unless `reuse` and this server was
    /// sent the same bytes before, and returns the name LoadImage takes.
    private func upload(_ png: [UInt8], role: String, reuse: Bool) async throws -> String {
        let name = "inkling-\(SHA256.hex(of: png).prefix(16))-\(role).png"
        if reuse, let stored = uploadCache.lookUp(name) { return stored }
        let stored = try await client.upload(png, name: name).loadImageName
        uploadCache.remember(name, as: stored, bytes: png.count)
        return stored
    }
}
