/// The cases of PencilKit's `PKInkingTool.InkType` (`PKInk.InkType`), mirrored so the mapping
/// to stroke JSON's ink types compiles and is tested where PencilKit does not exist.
public enum PencilKitInkType: String, Sendable, Hashable, CaseIterable {
    /// iOS 13.
    case pen, pencil, marker
    /// iOS 17.
    case monoline, fountainPen, watercolor, crayon
    /// iOS 26 (`PKInkTypeReed`).
    case reed

    /// Stroke JSON's ink type for this PencilKit one: the same name, one for one.
    public var inkKind: InkKind {
        switch self {
        case .pen: .pen
        case .pencil: .pencil
        case .marker: .marker
        case .monoline: .monoline
        case .fountainPen: .fountainPen
        case .watercolor: .watercolor
        case .crayon: .crayon
        case .reed: .reed
        }
    }

    /// The PencilKit ink type for a stroke JSON one.
    public init(_ kind: InkKind) {
        switch kind {
        case .pen: self = .pen
        case .pencil: self = .pencil
        case .marker: self = .marker
        case .monoline: self = .monoline
        case .fountainPen: self = .fountainPen
        case .watercolor: self = .watercolor
        case .crayon: self = .crayon
        case .reed: self = .reed
        }
    }
}
