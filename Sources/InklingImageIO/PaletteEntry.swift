/// One colour of an extracted palette and how much of the image it stands for.
public struct PaletteEntry: Sendable, Hashable {
    /// The colour (opaque; the mean of the pixels it stands for, rounded).
    public var color: RGBA8
    /// Share of the counted (not fully transparent) pixels, 0…1; a palette's weights sum to 1.
    public var weight: Double

    /// An entry from its colour and weight.
    public init(color: RGBA8, weight: Double) {
        self.color = color
        self.weight = weight
    }
}
