/// How far a job has come: one fraction for the whole job, the same rule wherever it runs.
///
/// Each variation counts for `1 / limit`: a finished one fully, one in progress by its
/// `step / steps`, so variations painted side by side add up as well as ones painted in turn.
/// The fraction is *announced* (to job readers, in a cluster's events) when it has grown by a
/// whole percent since the last announcement, so a 1,000-step engine does not flood the events.
public struct JobProgress: Sendable {
    /// The variations asked for.
    public let limit: Int
    /// The engine's last step, when this progress came from one: variation, step, steps.
    public private(set) var lastStep: (variation: Int, step: Int, steps: Int)?
    /// Whether this progress is worth announcing: it grew by a percent or more since the last one.
    public private(set) var announces = false
    /// The fraction last announced, in whole percents (0…1).
    public var announced: Double { Double(announcedPercent) / 100 }
    private var announcedPercent = 0
    private var shares: [Int: Double] = [:]
    private var finished: Set<Int> = []

    /// No progress yet, of `limit` variations.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The share of the job done, 0…1.
    public var fraction: Double {
        min(1, (Double(finished.count) + shares.values.reduce(0, +)) / Double(limit))
    }

    /// Notes the engine's step `step` of `steps` in `variation`.
    mutating func step(variation: Int, step: Int, steps: Int) {
        if !finished.contains(variation) { shares[variation] = steps > 0 ? Double(min(max(step, 0), steps)) / Double(steps) : 0 }
        lastStep = (variation, step, steps)
        mark()
    }

    /// Notes `variation` as finished; `true` when that is worth announcing.
    mutating func finish(variation: Int) -> Bool {
        shares[variation] = nil
        finished.insert(variation)
        lastStep = nil
        mark()
        return announces
    }

    /// Sets ``announces`` and, when it is set, ``announced``.
    private mutating func mark() {
        // Whole percents, so that 29 steps of 100 are 29 % and not 28.999… %.
        let now = Int((fraction * 100 + 1e-9).rounded(.down))
        announces = now > announcedPercent
        if announces { announcedPercent = now }
    }
}
