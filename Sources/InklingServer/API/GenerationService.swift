import Foundation
import Inkling
import InklingConditioning
import InklingEngines
import InklingBase
import InklingOutputs

/// Runs `POST /v1/generations` requests: through the gate, under a deadline, into the image store,
/// answered as one JSON document or as newline-delimited JSON, one line per image as it finishes.
final class GenerationService: @unchecked Sendable {
    let engine: any ImageEngine
    let gate: GenerationGate
    let store: ImageStore
    let timeout: Double
    private let lock = NSLock()
    private var running: [UInt64: Task<Void, Never>] = [:]
    private var nextID: UInt64 = 0
    private var stopping = false

    init(engine: any ImageEngine, gate: GenerationGate, store: ImageStore, timeout: Double) {
        self.engine = engine
        self.gate = gate
        self.store = store
        self.timeout = timeout
    }

    /// Starts the work and returns at once; the exchange is answered when it is done. Images
    /// are stored for `owner` (see ``ImageStore/insert(_:owner:)``).
    func start(_ request: GenerationRequest, owner: String?, exchange: HTTPExchange) {
        lock.withLock {
            let id = nextID
            nextID += 1
            running[id] = Task {
                await self.run(request, owner: owner, exchange: exchange)
                self.lock.withLock { _ = self.running.removeValue(forKey: id) }
            }
        }
    }

    /// Generations started and not yet answered.
    var active: Int { lock.withLock { running.count } }

    /// Cancels every running generation (the engine's work included); each is answered 503
    /// `stopping` (a stream ends with that error line).
    func cancelAll() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            stopping = true
            return Array(running.values)
        }
        for task in tasks { task.cancel() }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    static let stoppingError = APIError(503, "stopping", "the server is shutting down; try again shortly", retryAfter: 5)
    static let clientGone = APIError(499, "client_gone", "the client closed the connection")

    private enum Outcome: Sendable {
        case finished([[String: String]])
        case failed(APIError)
        /// The work was cancelled; the lines say what became of the engine's part of it.
        case cancelled(engineWork: [String])
    }

    /// What ended the wait for a generation.
    private enum Ending: Sendable {
        case work(Outcome)
        case deadline
        case clientGone
        case stopping
    }

    /// Seconds a cancelled generation's engine gets to say what became of its work before the
    /// answer leaves without it.
    static let cancellationGrace = 5.0

    private func run(_ request: GenerationRequest, owner: String?, exchange: HTTPExchange) async {
        guard await gate.enter() else {
            if gate.isClosed || isStopping {
                exchange.respond(Self.stoppingError.response)
                return
            }
            let load = gate.capacity
            exchange.respond(APIError(503, "queue_full", "the server is busy (\(load.slots) generations running, \(load.queue) waiting); retry in a few seconds", retryAfter: 5).response)
            return
        }
        defer { gate.leave() }
        let creator: InklingImageCreator
        let prepared: PreparedRequest
        do {
            creator = try await InklingImageCreator(engine: engine, options: request.options, embedsSourceImage: false)
            prepared = try creator.prepare(request.concepts, style: request.style, limit: request.limit)
        } catch {
            exchange.respond(APIError.creation(error).response)
            return
        }
        let (style, notices) = (prepared.style, prepared.notices)
        if request.stream {
            exchange.beginStream(status: 200, headers: [
                ("Content-Type", "application/x-ndjson"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
            ])
            exchange.write(JSONText.line(["type": "started", "style": .string(style.rawValue), "limit": .int(Int64(request.limit)), "notices": Self.json(notices)]))
        }
        let outcome = await outcome(of: request, prepared: prepared, owner: owner, creator: creator, exchange: exchange)
        switch (outcome, request.stream) {
        case (.finished(let images), false):
            let answer: JSONValue = ["style": .string(style.rawValue), "images": .array(images.map { Self.json($0) }), "notices": Self.json(notices)]
            if !exchange.respond(JSONText.response(answer, headers: [("Cache-Control", "no-store")])) {
                for image in images { _ = store.take(image["id"] ?? "") }
            }
        case (.finished(let images), true):
            exchange.write(JSONText.line(["type": "done", "count": .int(Int64(images.count))]))
            exchange.finish()
        case (.failed(let error), false):
            exchange.respond(error.response)
        case (.failed(let error), true):
            exchange.write(JSONText.line(["type": "error", "error": error.body["error"] ?? .null]))
            exchange.finish()
        case (.cancelled(let engineWork), _):
            // A cancellation no deadline, hang-up or shutdown of ours asked for.
            exchange.respond(APIError.creation(.creationCancelled(engineWork: engineWork)).response)
        }
    }

    /// Runs the generation until it ends, its deadline passes, its client hangs up or the
    /// server stops. The last three cancel it through the creator, so the engine stops its
    /// work, and wait (at most ``cancellationGrace`` seconds) for the engine to say what became
    /// of that work: the answer says it too.
    private func outcome(of request: GenerationRequest, prepared: PreparedRequest, owner: String?, creator: InklingImageCreator,
                         exchange: HTTPExchange) async -> Outcome {
        let deadline = timeout
        // The request is registered with the creator now, so a cancellation from here on reaches
        // it; it is consumed by an unstructured task, so stopping cancels it through the
        // creator (which lets the engine report) rather than from under the consumer.
        let events = creator.events(for: prepared)
        let ended = FirstArrival<Ending>()
        let work = Task {
            let outcome = await self.keep(events, of: request, owner: owner, exchange: exchange)
            ended.offer(.work(outcome))
            return outcome
        }
        let timer = Task {
            guard (try? await Task.sleep(for: .milliseconds(Int64(deadline * 1000)))) != nil else { return }
            ended.offer(.deadline)
        }
        // A client that hangs up cancels its generation (and so the engine's work).
        let watcher = Task {
            while !Task.isCancelled {
                if exchange.isClosed { return ended.offer(.clientGone) }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        let ending = await withTaskCancellationHandler { await ended.wait() } onCancel: { ended.offer(.stopping) }
        timer.cancel()
        watcher.cancel()
        if case .work(let outcome) = ending { return outcome }

        creator.cancelAll()
        let reported = FirstArrival<Outcome?>()
        Task { reported.offer(await work.value) }
        Task {
            try? await Task.sleep(for: .milliseconds(Int64(Self.cancellationGrace * 1000)))
            reported.offer(nil)
        }
        let final = await reported.wait()
        var engineWork: [String] = []
        if case .cancelled(let lines)? = final { engineWork = lines }
        switch (ending, final) {
        case (_, .finished?):
            // It finished while being stopped: the images are there, deliver them.
            return final!
        case (.deadline, _):
            return .failed(APIError(504, "generation_timeout", "the generation took longer than \(NumberText.compact(deadline)) s and was stopped; ask for fewer or smaller images").adding(engineWork))
        case (.clientGone, _):
            return .failed(Self.clientGone.adding(engineWork))
        case (.stopping, _), (.work, _):
            return .failed(Self.stoppingError.adding(engineWork))
        }
    }

    /// Stores every image's PNG bytes as they arrive (no file is written) and (streaming)
    /// announces it. Without streaming, a request that fails or times out leaves nothing in the store.
    private func keep(_ events: AsyncThrowingStream<CreationEvent, any Error>, of request: GenerationRequest, owner: String?,
                      exchange: HTTPExchange) async -> Outcome {
        var images: [[String: String]] = []
        func discard() {
            guard !request.stream else { return }
            for image in images { _ = store.take(image["id"] ?? "") }
        }
        do {
            for try await event in events {
                guard case .image(let image) = event else { continue }
                let id = try store.insert(image.png, owner: owner)
                let entry: [String: String] = [
                    "id": id, "url": "/v1/images/\(id)", "variation": String(image.recipe.variation),
                    "width": String(image.image.width), "height": String(image.image.height),
                    "seed": String(image.recipe.seed), "style": image.recipe.style.rawValue,
                ]
                images.append(entry)
                if request.stream {
                    if !exchange.write(JSONText.line(Self.json(entry, type: "image"))) {
                        _ = store.take(id)
                        return .failed(Self.clientGone)
                    }
                }
            }
            return .finished(images)
        } catch {
            discard()
            switch error {
            case ImageCreationError.creationCancelled(let engineWork): return .cancelled(engineWork: engineWork)
            case let error as APIError: return .failed(error)
            case let error as ImageCreationError: return .failed(APIError.creation(error))
            default: return .failed(APIError.creation(ImageCreationError.engine(error)))
            }
        }
    }

    /// An image entry as JSON, with numbers as numbers (the seed stays a string: 64 bits), and
    /// `type` when it is a line of a stream.
    private static func json(_ entry: [String: String], type: String? = nil) -> JSONValue {
        var result: [String: JSONValue] = [:]
        for (key, value) in entry {
            result[key] = ["variation", "width", "height"].contains(key) ? .int(Int64(value) ?? 0) : .string(value)
        }
        result["contentType"] = "image/png"
        if let type { result["type"] = .string(type) }
        return .object(result)
    }

    /// Lines of text as a JSON array.
    private static func json(_ lines: [String]) -> JSONValue { .array(lines.map(JSONValue.string)) }
}
