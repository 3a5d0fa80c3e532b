import InklingBase

/// The limits of one API key, from its line in the `--api-keys` file; a limit it does not set
/// is the server's.
///
/// ```
/// # key                      limits (optional, any order)
/// sk-alice-4f1c…             rate=2 burst=20 concurrent=2 store=64MB
/// sk-bob-9e20…
/// ```
///
/// | setting | meaning | the server's |
/// |---|---|---|
/// | `rate=<tokens/s>` | usage tokens regained per second (`0`: no limit) | `--rate` |
/// | `burst=<tokens>` | most tokens held | `--burst` |
/// | `concurrent=<n>` | generations queued or running at once | no limit |
/// | `store=<size>` | bytes of finished images waiting for download (`64MB`, `512KB`, `1GB`, plain bytes) | a quarter of the image store |
public struct ClientLimits: Sendable, Hashable {
    /// Usage tokens regained per second.
    public var rate: Double?
    /// Most usage tokens held.
    public var burst: Double?
    /// Generations queued or running at once.
    public var concurrent: Int?
    /// Bytes of finished images waiting for download.
    public var storeBytes: Int?

    /// Limits that set nothing: the server's apply.
    public init(rate: Double? = nil, burst: Double? = nil, concurrent: Int? = nil, storeBytes: Int? = nil) {
        self.rate = rate
        self.burst = burst
        self.concurrent = concurrent
        self.storeBytes = storeBytes
    }

    /// The settings of a key file line after its key (`rate=2 burst=20 …`), or a one-line reason.
    public static func parse(_ settings: [Substring]) throws(ClientLimitsError) -> ClientLimits {
        var limits = ClientLimits()
        var seen: Set<Substring> = []
        for (position, setting) in settings.enumerated() {
            guard let equals = setting.firstIndex(of: "=") else {
                // Not repeated: it may be the rest of a key written with a space in it.
                throw ClientLimitsError("word \(position + 1) after the key is not a setting: write name=value (rate, burst, concurrent, store); a key has no spaces")
            }
            let name = setting[..<equals], value = setting[setting.index(after: equals)...]
            guard seen.insert(name).inserted else { throw ClientLimitsError("\(name.prefix(20)) is set twice") }
            switch name {
            case "rate":
                guard let rate = Double(value), rate.isFinite, (0...1_000_000).contains(rate) else {
                    throw ClientLimitsError("rate must be 0…1000000 tokens a second (0: no limit), not '\(value.prefix(40))'")
                }
                limits.rate = rate
            case "burst":
                guard let burst = Double(value), burst.isFinite, (1...1_000_000).contains(burst) else {
                    throw ClientLimitsError("burst must be 1…1000000 tokens, not '\(value.prefix(40))'")
                }
                limits.burst = burst
            case "concurrent":
                guard let count = Int(value), (1...100_000).contains(count) else {
                    throw ClientLimitsError("concurrent must be 1…100000 generations, not '\(value.prefix(40))'")
                }
                limits.concurrent = count
            case "store":
                guard let bytes = Self.bytes(value), (1...(1 << 40)).contains(bytes) else {
                    throw ClientLimitsError("store must be a size from 1 byte to 1TB (64MB, 512KB, 1GB, or bytes), not '\(value.prefix(40))'")
                }
                limits.storeBytes = bytes
            default:
                throw ClientLimitsError("unknown setting '\(name.prefix(40))': the settings are rate, burst, concurrent and store")
            }
        }
        return limits
    }

    /// `64MB`, `512KB`, `1GB`, `4096` (powers of 1024), or `nil`.
    static func bytes(_ text: Substring) -> Int? {
        let units: [(String, Int)] = [("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        let upper = text.uppercased()
        for (suffix, factor) in units where upper.hasSuffix(suffix) {
            guard let number = Int(upper.dropLast(suffix.count)), number >= 0, number <= Int.max / factor else { return nil }
            return number * factor
        }
        return Int(upper)
    }
}

/// Why a key file line's settings were refused: one line.
public struct ClientLimitsError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
