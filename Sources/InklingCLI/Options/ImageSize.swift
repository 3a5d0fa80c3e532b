/// An output size in pixels written `WIDTHxHEIGHT` on the command line.
struct ImageSize: ArgumentValue, Sendable, Hashable {
    var width: Int
    var height: Int

    /// The largest side accepted on the command line.
    static let maxSide = 8192

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Self.maxSide).contains(w), (1...Self.maxSide).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    static var expectation: String { "WIDTHxHEIGHT with each side 1…\(maxSide), such as 1024x768" }
}
