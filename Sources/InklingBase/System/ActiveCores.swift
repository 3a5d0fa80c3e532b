import Foundation

/// How many cores this process may use, read once.
///
/// `ProcessInfo.activeProcessorCount` reads the cgroup's CPU files on Linux every time it is
/// asked (1.5–1.7 % of a guidance request when each render asked); the work that splits itself
/// over the cores (guidance bands, blurs, the built-in engine's painting), an engine request's
/// default concurrency and the other per-core defaults ask this instead.
public enum ActiveCores {
    /// The number of active cores when the process first asked, at least 1.
    public static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
