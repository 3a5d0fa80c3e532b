/// Whether the prompt or the sketch wins when they disagree (A1111's ControlNet `control_mode`).
public enum GuidanceMode: String, Sendable, Hashable, CaseIterable {
    /// Both count equally.
    case balanced
    /// The text decides; the sketch is a suggestion (the default).
    case promptFirst
    /// The sketch decides composition; the text fills in.
    case sketchFirst
}
