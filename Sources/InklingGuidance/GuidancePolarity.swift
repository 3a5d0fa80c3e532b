/// Which way round a guidance map's intensities are handed to an engine.
///
/// Maps are rendered white-on-black (``GuidanceEncoding``); ``blackOnWhite`` inverts them after
/// encoding, for sketch models or workflows that want the drawing as drawn (dark lines on paper).
/// ControlNet 1.1's scribble, soft-edge (HED/PiDiNet), lineart and anime-lineart models were
/// trained on white lines on black (their preprocessors' output; the `invert` preprocessor turns a
/// black-on-white drawing into it), so ``whiteOnBlack`` is the default.
public enum GuidancePolarity: String, Sendable, Hashable, CaseIterable {
    /// Strokes bright, background black (0): the ControlNet convention.
    case whiteOnBlack = "white-on-black"
    /// Strokes dark, background white (255): every value `v` becomes `255 - v`.
    case blackOnWhite = "black-on-white"
}
