/// A small decorative element the built-in engine may add for a concept, placed where the
/// composition has room (at most two kinds per picture).
public enum Motif: String, Sendable, Hashable, CaseIterable {
    /// A sun disc with a soft glow (sunny, sunset, summer, beach, desert).
    case sun
    /// A crescent moon and a few stars (night, moon, stars).
    case stars
    /// Rows of wave crests near the bottom (sea, ocean, beach, lake).
    case waves
    /// Drifting blossom petals (cherry blossom, spring, flowers).
    case petals
    /// Confetti pieces (birthday, party, celebration).
    case confetti
    /// Snowflakes (snow, winter, ice).
    case snowflakes
    /// Falling leaves (autumn, forest).
    case leaves
    /// Soft clouds (sky, clouds, rain).
    case clouds
}
