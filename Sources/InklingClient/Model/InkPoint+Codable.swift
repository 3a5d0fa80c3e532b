/// A point reads from and writes to one object of the objects layout: `x` and `y` always,
/// other channels only when they are not bit for bit their default.
extension InkPoint: Codable {
    /// Reads `{"x", "y", …}`; a channel left out takes its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: InkPointChannel.self)
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y))
        for channel in InkPointChannel.allCases.dropFirst(2) {
            if let v = try c.decodeIfPresent(Double.self, forKey: channel) { self[keyPath: channel.keyPath] = v }
        }
    }

    /// Writes `{"x", "y", …}` with the channels that differ from their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: InkPointChannel.self)
        for channel in InkPointChannel.allCases {
            let v = self[keyPath: channel.keyPath]
            if !channel.canOmit(v) { try c.encode(v, forKey: channel) }
        }
    }
}
