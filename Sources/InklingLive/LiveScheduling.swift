/// How a live session schedules its generations (Krita AI Diffusion's live rules, as
/// parameters): a grace period after the last change only while generations are slow, and
/// how long a stroke in progress may hold generations back.
public struct LiveScheduling: Sendable, Hashable {
    /// Seconds to wait after the last change before starting, while generations are slow
    /// (default 0.25).
    public var graceSeconds: Double
    /// Generations whose median time is at least this are slow (default 1.5 s); faster ones
    /// start at once.
    public var slowSeconds: Double
    /// How many of the latest generations' times the median is taken over (default 5).
    public var measuredRenders: Int
    /// How long after its last `points` message a stroke in progress stops holding generations
    /// back (a pen that never finished; default 5 s).
    public var penTimeoutSeconds: Double

    /// Creates parameters; every argument defaults to the documented value.
    public init(graceSeconds: Double = 0.25, slowSeconds: Double = 1.5, measuredRenders: Int = 5, penTimeoutSeconds: Double = 5) {
        self.graceSeconds = graceSeconds
        self.slowSeconds = slowSeconds
        self.measuredRenders = measuredRenders
        self.penTimeoutSeconds = penTimeoutSeconds
    }

    /// The documented defaults.
    public static let `default` = LiveScheduling()
}
