/// The curve from pressure to width (stroke JSON's `shape.easing`): perfect-freehand's demo's
/// easing curves, by their names.
public enum InkEasing: String, Sendable, Hashable, Codable, CaseIterable {
    case linear
    case easeInQuad, easeOutQuad, easeInOutQuad
    case easeInCubic, easeOutCubic, easeInOutCubic
    case easeInQuart, easeOutQuart, easeInOutQuart
    case easeInQuint, easeOutQuint, easeInOutQuint
    case easeInSine, easeOutSine, easeInOutSine
    case easeInExpo, easeOutExpo, easeInOutExpo
}
