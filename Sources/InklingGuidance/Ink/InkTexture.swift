/// A paper/ink texture that breaks up a stroke's fill, seeded by ``Stroke/randomSeed``.
///
/// Textures are tiles of deterministic value noise in output pixels (a stroke renders the same
/// bytes every time); the point ``StrokePoint/threshold`` raises the cut-off below which the
/// texture leaves gaps.
public enum InkTexture: String, Sendable, Hashable, CaseIterable {
    /// Fine graphite grain: intensity varies 55…100%, no gaps (pencil).
    case grain
    /// Waxy crayon: coarser noise with gaps where the paper's tooth is not touched.
    case wax
    /// Dry brush / reed: large broken patches, used on the stroke's edges only.
    case dry
}
