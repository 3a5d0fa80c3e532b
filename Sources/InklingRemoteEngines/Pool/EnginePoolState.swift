import Foundation

/// The mutable side of an ``EnginePool``: requests in flight per endpoint, and which endpoints
/// failed and until when they are skipped.
actor EnginePoolState {
    private var inFlight: [Int]
    private var served: [Int]
    private var failures: [Int]
    private var attempts: [Int]
    private var skippedUntil: [Date?]
    /// When each endpoint was last chosen (a sequence number), so ties go round-robin.
    private var lastChosen: [Int]
    private var sequence = 0
    private let endpoints: [String]
    private let backOff: Double

    init(endpoints: [String], backOff: Double) {
        self.endpoints = endpoints
        self.backOff = backOff
        let zeros = Array(repeating: 0, count: endpoints.count)
        inFlight = zeros
        served = zeros
        failures = zeros
        attempts = zeros
        lastChosen = Array(repeating: -1, count: endpoints.count)
        skippedUntil = Array(repeating: nil, count: endpoints.count)
    }

    /// The endpoints worth asking among those not in `excluded`: the ones not skipped, else (all
    /// are) every one, the soonest to be retried first.
    func candidates(excluding excluded: Set<Int>) -> [Int] {
        let now = Date()
        let open = endpoints.indices.filter { !excluded.contains($0) }
        let ready = open.filter { skippedUntil[$0].map { $0 <= now } ?? true }
        if !ready.isEmpty { return ready }
        return open.sorted { (skippedUntil[$0] ?? now) < (skippedUntil[$1] ?? now) }
    }

    /// Counts an attempt at `index`.
    func attempted(_ index: Int) { attempts[index] += 1 }

    /// Records what each endpoint said when probed (one that answered is no longer skipped, one
    /// that did not is counted as an attempt and skipped for the back-off) and reserves the least
    /// busy of those that answered or cannot say: its queue or Inkling's own requests in flight,
    /// whichever is more; ties go to the one chosen least recently. Counts the request in flight
    /// there; `nil` when every probed endpoint was silent.
    func reserve(after probes: [EnginePoolProbe]) -> Int? {
        var best: (index: Int, load: Int)?
        for probe in probes where endpoints.indices.contains(probe.index) {
            let index = probe.index
            let queue: Int
            switch probe.answer {
            case .unanswered:
                attempts[index] += 1
                failed(index)
                continue
            case .queue(let length):
                skippedUntil[index] = nil
                queue = length
            case .unknown:
                queue = 0
            }
            let load = max(inFlight[index], queue)
            if let current = best, current.load < load || (current.load == load && lastChosen[current.index] <= lastChosen[index]) { continue }
            best = (index, load)
        }
        guard let index = best?.index else { return nil }
        inFlight[index] += 1
        lastChosen[index] = sequence
        sequence += 1
        return index
    }

    /// A request to `index` ended; `succeeded`: it returned an image.
    func finished(_ index: Int, succeeded: Bool) {
        inFlight[index] -= 1
        if succeeded {
            served[index] += 1
            skippedUntil[index] = nil
        }
    }

    /// `index` failed to answer: skip it for the back-off period.
    func failed(_ index: Int) {
        failures[index] += 1
        skippedUntil[index] = Date().addingTimeInterval(backOff)
    }

    /// `index` answered: stop skipping it.
    func answered(_ index: Int) { skippedUntil[index] = nil }

    /// Every endpoint's counts.
    func states() -> [EnginePoolEndpointState] {
        let now = Date()
        return endpoints.indices.map {
            EnginePoolEndpointState(endpoint: endpoints[$0], inFlight: inFlight[$0], served: served[$0], failures: failures[$0],
                                    attempts: attempts[$0], skipped: skippedUntil[$0].map { $0 > now } ?? false)
        }
    }
}
