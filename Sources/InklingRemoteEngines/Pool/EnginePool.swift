import InklingConditioning
import InklingEngines
import InklingImageIO

/// Several endpoints of one kind behind one engine name (`"endpoints"` in the configuration).
/// Each variation goes to the least busy endpoint that answers (ComfyUI reports its queue; for
/// the others the pool counts its own requests in flight); an endpoint that fails to answer
/// (refused, unreachable, timed out, dropped) is skipped for `endpointRetrySeconds` and tried
/// again after, and the variation moves to another endpoint. A variation the engine itself
/// refused, or one cancelled, ends there: each member stops its own work when cancelled and
/// throws ``EngineFailure/cancelled(service:summary:)``.
public struct EnginePool: ImageEngine {
    /// The configured name.
    public let identifier: String
    /// The endpoints, in configured order.
    public private(set) var members: [EnginePoolMember]
    let state: EnginePoolState

    /// A pool of `members` (at least one) named `identifier`, skipping a failed endpoint for
    /// `backOff` seconds.
    public init(identifier: String, members: [EnginePoolMember], backOff: Double) {
        precondition(!members.isEmpty, "a pool needs an endpoint")
        self.identifier = identifier
        self.members = members
        state = EnginePoolState(endpoints: members.map(\.endpoint), backOff: backOff)
    }

    /// The first endpoint's: every member is configured alike.
    public var capabilities: EngineCapabilities { members[0].engine.capabilities }

    /// The first endpoint's: every member is configured alike.
    public func notices(for conditioning: Conditioning) -> [String] { members[0].engine.notices(for: conditioning) }

    public func availability() async -> EngineAvailability { await diagnose().availability }

    /// Generates on the least busy endpoint that answers, moving to the next when one fails to.
    ///
    /// - Throws: the last transport error when no endpoint answered; the member's error when the
    ///   engine refused or failed the work; ``EngineFailure/cancelled(service:summary:)`` or
    ///   `CancellationError` when cancelled.
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        try await generate(conditioning, variation: variation, memo: EngineRequestMemo(), report: nil).image
    }

    /// Every variation of `request`, each on the least busy endpoint that answers, with the
    /// progress and previews its member reports.
    public func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error> {
        EngineRequestRunner.stream(request) {} generateEncoded: { _, variation, report in
            try await generate(request.conditioning, variation: variation, memo: request.memo, report: report)
        }
    }

    /// One variation, routed as ``generate(_:variation:)`` says, with the PNG its member sent
    /// when it sent one (passed on, not encoded again); `report` hears the member's progress and
    /// previews.
    private func generate(_ conditioning: Conditioning, variation: Int, memo: EngineRequestMemo,
                          report: (@Sendable (EngineEvent) -> Void)?) async throws -> (image: RasterImage, png: [UInt8]?) {
        var tried: Set<Int> = []
        var lastFailure: (any Error)?
        while true {
            try Task.checkCancellation()
            guard let index = await choose(excluding: tried) else {
                throw lastFailure ?? RemoteEngineError.unreachable(service: identifier, reason: "no endpoint of the pool answered")
            }
            await state.attempted(index)
            do {
                let image = try await Self.generate(conditioning, variation: variation, on: members[index].engine, memo: memo, report: report)
                await state.finished(index, succeeded: true)
                return image
            } catch {
                await state.finished(index, succeeded: false)
                if Task.isCancelled || !Self.isTransport(error) { throw error }
                await state.failed(index)
                tried.insert(index)
                lastFailure = error
            }
        }
    }

    /// One variation on `engine` through its per-request stream, forwarding its progress and
    /// previews to `report`. The stream is read by a task of its own and stopped through an
    /// ``EngineStop`` when this one is cancelled, so the member can still say what became of its
    /// work: it throws the member's ``EngineFailure/cancelled(service:summary:)``.
    private static func generate(_ conditioning: Conditioning, variation: Int, on engine: any ImageEngine, memo: EngineRequestMemo,
                                 report: (@Sendable (EngineEvent) -> Void)?) async throws -> (image: RasterImage, png: [UInt8]?) {
        guard let report else { return (try await engine.generate(conditioning, variation: variation), nil) }
        let stop = EngineStop()
        let reading = Task { () throws -> (image: RasterImage, png: [UInt8]?) in
            var result: (image: RasterImage, png: [UInt8]?)?
            for try await event in engine.images(for: EngineRequest(conditioning, variations: [variation], concurrency: 1, stop: stop, memo: memo)) {
                switch event {
                case .image(_, let image): result = (image, nil)
                case .encodedImage(_, let image, let png): result = (image, png)
                case .progress, .preview, .notice: report(event)
                // Said again by the runner from the failure this stream ends with.
                case .cancelled: break
                }
            }
            try Task.checkCancellation()
            guard let result else { throw RemoteEngineError.noImage(service: engine.identifier, operation: "variation \(variation + 1)") }
            return result
        }
        return try await withTaskCancellationHandler { try await reading.value } onCancel: { stop.stop() }
    }

    /// Asks the endpoints that report their queue how busy they are (skipping one that does not
    /// answer from now on) and reserves the least busy; `nil` when none is left.
    private func choose(excluding tried: Set<Int>) async -> Int? {
        var remaining = tried
        while true {
            let candidates = await state.candidates(excluding: remaining)
            guard !candidates.isEmpty else { return nil }
            let probes = await withTaskGroup(of: EnginePoolProbe.self, returning: [EnginePoolProbe].self) { group in
                for index in candidates {
                    let queueLength = members[index].queueLength
                    group.addTask { await Self.probe(index, queueLength) }
                }
                var probes: [EnginePoolProbe] = []
                for await probe in group { probes.append(probe) }
                return probes.sorted { $0.index < $1.index }
            }
            remaining.formUnion(probes.filter { $0.answer == .unanswered }.map(\.index))
            if let index = await state.reserve(after: probes) { return index }
            if Task.isCancelled { return nil }
        }
    }

    /// What endpoint `index` says of its queue, through `queueLength` when it can report one.
    private static func probe(_ index: Int, _ queueLength: (@Sendable () async throws -> Int)?) async -> EnginePoolProbe {
        guard let queueLength else { return EnginePoolProbe(index: index, answer: .unknown) }
        do {
            return EnginePoolProbe(index: index, answer: .queue(try await queueLength()))
        } catch {
            return EnginePoolProbe(index: index, answer: isTransport(error) ? .unanswered : .unknown)
        }
    }

    /// Every endpoint's diagnosis (concurrently), in ``EngineDiagnosis/endpoints``; available
    /// when one endpoint is. An endpoint that does not answer is skipped by requests until its
    /// back-off ends, one that answers is used again at once.
    public func diagnose() async -> EngineDiagnosis {
        let diagnoses = await withTaskGroup(of: (Int, EngineDiagnosis).self) { group in
            for (index, member) in members.enumerated() {
                group.addTask {
                    var diagnosis = await member.engine.diagnose()
                    diagnosis.endpoint = diagnosis.endpoint ?? member.endpoint
                    return (index, diagnosis)
                }
            }
            var results: [(Int, EngineDiagnosis)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        for (index, diagnosis) in diagnoses.enumerated() {
            if diagnosis.reachable == false { await state.failed(index) } else if diagnosis.reachable == true { await state.answered(index) }
        }
        let usable = diagnoses.filter { $0.availability == .available }
        let availability: EngineAvailability
        if usable.isEmpty {
            let reasons = diagnoses.map { diagnosis -> String in
                switch diagnosis.availability {
                case .available: "available"
                case .notSupported(let reason), .unavailable(let reason): reason
                }
            }
            availability = .unavailable(reason: "no endpoint of the pool can generate: " + zip(members, reasons).map { "\($0.endpoint): \($1)" }.joined(separator: "; "))
        } else {
            availability = .available
        }
        let reachable: Bool? = diagnoses.contains { $0.reachable == true } ? true : (diagnoses.allSatisfy { $0.reachable == nil } ? nil : false)
        return EngineDiagnosis(availability: availability, endpoint: members.map(\.endpoint).joined(separator: ", "), reachable: reachable,
                               models: (usable.first ?? diagnoses[0]).models, endpoints: diagnoses)
    }

    /// What the pool knows about each endpoint: in flight, served, failures, skipped.
    public func endpointStates() async -> [EnginePoolEndpointState] { await state.states() }

    /// Whether `error` says the endpoint did not answer, or broke off its answer (rather than
    /// refused the work).
    static func isTransport(_ error: any Error) -> Bool {
        guard let kind = EngineFailureKind.of(error) else { return false }
        return kind.isUnanswered || kind == .connectionDropped
    }
}
