import InklingComparison

/// What became of one case in a regression run.
public enum CaseStatus: String, Sendable, Hashable, Codable {
    /// Every variation matched its reference.
    case passed
    /// A variation differed beyond the tolerance, missed a floor, or had no reference (`--record never`).
    case failed
    /// References were written (none existed, or `--record all`).
    case recorded
    /// The case failed and its references were replaced (`--record failed`).
    case rerecorded
    /// The case could not be run: an unreadable input, an engine error.
    case error

    /// Whether the status counts against the run.
    var isFailure: Bool { self == .failed || self == .error }
}

/// One variation's comparison with its reference, and the files the report shows.
public struct VariationResult: Sendable, Hashable, Codable {
    /// Which variation, 1-based.
    public var variation: Int
    /// The reference PNG's path.
    public var reference: String
    /// The comparison with the reference as it was before this run; `nil` when there was none.
    public var comparison: ComparisonSummary?
    /// Guidance adherence of the new output.
    public var adherence: AdherenceSummary?
    /// Why the variation failed; empty when it matched.
    public var failures: [String]
    /// What differs between the reference's recipe and the new image's (`seed: 7 → 8`, see
    /// ``RecipeDifference``); empty when they agree or either has none.
    public var recipeChanges: [String] = []
    /// Report artifacts, relative to the report's folder (`nil` when not written).
    var actualImage: String?
    /// The reference as it was before this run, copied beside the report.
    var referenceImage: String?
    /// The difference heat map.
    public var differenceImage: String?

    /// Creates a result; artifacts and measurements default to none.
    public init(variation: Int, reference: String, comparison: ComparisonSummary? = nil, adherence: AdherenceSummary? = nil,
                failures: [String] = [], actualImage: String? = nil, referenceImage: String? = nil, differenceImage: String? = nil) {
        self.variation = variation
        self.reference = reference
        self.comparison = comparison
        self.adherence = adherence
        self.failures = failures
        self.actualImage = actualImage
        self.referenceImage = referenceImage
        self.differenceImage = differenceImage
    }
}

/// One case's outcome: status, a one-line message, timing and each variation's details.
public struct CaseResult: Sendable, Hashable, Codable {
    /// The case's name.
    public var name: String
    /// What became of it.
    public var status: CaseStatus
    /// One line for people: what failed, what was recorded, or the error.
    public var message: String
    /// Seconds from the start of its render to the end of its comparison.
    public var seconds: Double
    /// The variations, in order (empty when the case could not be rendered).
    public var variations: [VariationResult]
}
