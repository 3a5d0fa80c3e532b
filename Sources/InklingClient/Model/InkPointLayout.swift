/// How a stroke's points are laid out in a document (both read alike).
public enum InkPointLayout: String, Sendable, Hashable, CaseIterable {
    /// `"points": [{"x": …, "y": …}, …]`: channels equal to their default left out.
    case objects
    /// `"points": {"x": […], "y": […], …}`: a channel written only when a point differs from its default.
    case columnar

    /// The `JSONEncoder.userInfo` key that picks the layout ``InkStroke`` encodes with (objects
    /// when absent).
    public static let userInfoKey = CodingUserInfoKey(rawValue: "inkling.pointLayout")!
}
