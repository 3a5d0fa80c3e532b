/// The timings of one implementation over repeated runs, reduced to median and minimum.
struct Measurement {
    /// Seconds taken by each timed run (the warm-up run is not included).
    var samples: [Double] = []

    /// The median of the samples, in seconds (the mean of the middle two for an even count).
    var median: Double {
        let s = samples.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The fastest sample, in seconds.
    var minimum: Double { samples.min() ?? .nan }
}
