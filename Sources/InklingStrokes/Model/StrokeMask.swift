/// A clip region for a stroke, like PencilKit's `PKStroke.mask`: only the parts of the stroke
/// inside it are drawn. It lives in the stroke's own space, **before** the stroke's transform.
///
/// The region is one or more closed polygons filled with the non-zero winding rule, so a
/// polygon wound the other way inside another cuts a hole.
public struct StrokeMask: Sendable, Hashable, Codable {
    /// Closed polygons; each needs at least three vertices.
    public var polygons: [[Point2D]]

    /// Creates a mask from closed polygons.
    public init(polygons: [[Point2D]]) {
        self.polygons = polygons
    }

    /// A rectangular mask.
    public init(rect: Rect2D) {
        self.polygons = [rect.corners]
    }

    /// The bounding box of all polygons, or `nil` for an empty mask.
    public var bounds: Rect2D? { Rect2D(enclosing: polygons.joined()) }
}
