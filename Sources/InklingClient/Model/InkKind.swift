/// The tool a stroke was drawn with: stroke JSON's `ink.type`, PencilKit's `PKInk.InkType`.
public enum InkKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Ballpoint-like, pressure-sensitive width.
    case pen
    /// Textured graphite.
    case pencil
    /// Wide, translucent highlighter.
    case marker
    /// Constant width (PencilKit: iOS 17).
    case monoline
    /// Calligraphic nib (PencilKit: iOS 17).
    case fountainPen
    /// Soft-edged wash (PencilKit: iOS 17).
    case watercolor
    /// Waxy and textured (PencilKit: iOS 17).
    case crayon
    /// Broad angled reed nib (PencilKit: iOS 26).
    case reed
}
