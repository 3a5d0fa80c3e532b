import InklingConditioning

/// A request planned once (``InklingImageCreator/prepare(_:style:limit:)``): checked, its
/// style chosen, its guidance map rendered and the engine's notices known, ready to be
/// generated with ``InklingImageCreator/events(for:)`` or ``InklingImageCreator/images(for:)``.
public struct PreparedRequest: Sendable {
    /// The style it will be painted in.
    public let style: Style
    /// How many variations it asks for (1…4).
    public let limit: Int
    /// What the engine will not honour of it, one line each (empty when it honours everything).
    public let notices: [String]
    /// The plan every variation shares.
    let plan: RequestPlan
}
