import InklingConditioning

/// The source image's contribution (not implemented yet: no source support).
struct Underpainting {
    static func make(_ c: Conditioning, palette: inout Palette) throws -> Underpainting? { nil }
}
