import Foundation
import Inkling
import InklingConditioning
import InklingEngines
import InklingNumerics

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
    }

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
        let style: Style
        do {
            creator = try await InklingImageCreator(engine: engine, options: request.options, embedsSourceImage: false)
            style = try creator.validate(request.concepts, style: request.style, limit: request.limit)
        } catch {
            exchange.respond(APIError.creation(error).response)
            return
        }
        defer { creator.session.removeAll() }
        if request.stream {
            exchange.beginStream(status: 200, headers: [
                ("Content-Type", "application/x-ndjson"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
            ])
            exchange.write(JSONText.line(["type": "started", "style": style.rawValue, "limit": request.limit]))
        }
        let deadline = timeout
        let outcome: Outcome = await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { await self.generate(request, owner: owner, creator: creator, exchange: exchange) }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(Int64(deadline * 1000)))
                return nil
            }
            // A client that hangs up cancels its generation (and so the engine's work).
            group.addTask {
                while !Task.isCancelled {
                    if exchange.isClosed { return .failed(Self.clientGone) }
                    try? await Task.sleep(for: .milliseconds(100))
                }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if Task.isCancelled || self.isStopping, first == nil { return .failed(Self.stoppingError) }
            return first ?? .failed(APIError(504, "generation_timeout", "the generation took longer than \(NumberText.compact(deadline)) s and was stopped; ask for fewer or smaller images"))
        }
        switch (outcome, request.stream) {
        case (.finished(let images), false):
            let answer: [String: Any] = ["style": style.rawValue, "images": images.map(Self.json)]
            if !exchange.respond(.json(answer, headers: [("Cache-Control", "no-store")])) {
                for image in images { _ = store.take(image["id"] ?? "") }
            }
        case (.finished(let images), true):
            exchange.write(JSONText.line(["type": "done", "count": images.count]))
            exchange.finish()
        case (.failed(let error), false):
            exchange.respond(error.response)
        case (.failed(let error), true):
            exchange.write(JSONText.line(["type": "error", "error": ["code": error.code, "message": error.message]]))
            exchange.finish()
        }
    }

    /// Generates every image, storing each and (streaming) announcing it as it finishes.
    /// Without streaming, a request that fails or times out leaves nothing in the store.
    private func generate(_ request: GenerationRequest, owner: String?, creator: InklingImageCreator, exchange: HTTPExchange) async -> Outcome? {
        var images: [[String: String]] = []
        func discard() {
            guard !request.stream else { return }
            for image in images { _ = store.take(image["id"] ?? "") }
        }
        do {
            for try await image in creator.images(for: request.concepts, style: request.style, limit: request.limit) {
                let bytes = try image.pngBytes()
                creator.session.remove([image.url])
                let id = try store.insert(bytes, owner: owner)
                let entry: [String: String] = [
                    "id": id, "url": "/v1/images/\(id)", "variation": String(image.recipe.variation),
                    "width": String(image.image.width), "height": String(image.image.height),
                    "seed": String(image.recipe.seed), "style": image.recipe.style.rawValue,
                ]
                images.append(entry)
                if request.stream {
                    var line = Self.json(entry)
                    line["type"] = "image"
                    if !exchange.write(JSONText.line(line)) {
                        _ = store.take(id)
                        return .failed(Self.clientGone)
                    }
                }
            }
            if Task.isCancelled { discard(); return nil }
            return .finished(images)
        } catch {
            discard()
            if Task.isCancelled { return nil }
            switch error {
            case let error as APIError: return .failed(error)
            case let error as ImageCreationError: return .failed(APIError.creation(error))
            default: return .failed(APIError.creation(ImageCreationError.engine(error)))
            }
        }
    }

    /// An image entry as JSON, with numbers as numbers.
    private static func json(_ entry: [String: String]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in entry {
            result[key] = ["variation", "width", "height"].contains(key) ? (Int(value) ?? 0) as Any : value as Any
        }
        result["contentType"] = "image/png"
        return result
    }
}
