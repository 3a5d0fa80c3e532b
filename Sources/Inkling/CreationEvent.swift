import InklingOutputs

/// What ``InklingImageCreator/events(for:)`` reports while a request is generated.
public enum CreationEvent: Sendable {
    /// Sampling of variation `variation` reached step `step` of `steps` (engines that report it).
    case progress(variation: Int, step: Int, steps: Int)
    /// An intermediate picture of variation `variation`, as the engine sent it (PNG or JPEG bytes).
    case preview(variation: Int, bytes: [UInt8])
    /// Something the engine said while working that it will not honour or had to change.
    case notice(String)
    /// A finished image: PNG bytes in memory with its recipe.
    case image(GeneratedPNG)
}
