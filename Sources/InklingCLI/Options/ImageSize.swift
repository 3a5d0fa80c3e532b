import InklingBase

/// An output size in pixels written `WxH` on the command line (``SizeText``'s rule), each side
/// within ``sides``.
struct ImageSize: ArgumentValue, Sendable, Hashable {
    var width: Int
    var height: Int

    /// The largest side accepted on the command line.
    static let maxSide = 8192
    /// The sides accepted on the command line.
    static let sides = 1...maxSide

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        guard let size = SizeText.parse(argument, sides: Self.sides) else { return nil }
        self.init(width: size.width, height: size.height)
    }

    static var expectation: String { SizeText.expectation(sides: sides) }
}
