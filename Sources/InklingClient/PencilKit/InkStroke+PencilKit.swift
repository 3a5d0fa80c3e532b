import Foundation

/// A stroke from and to PencilKit's fields (see ``InkDrawing/init(pencilKit:canvas:)``).
extension InkStroke {
    /// The stroke of a PencilKit stroke's fields.
    public init(pencilKit s: PencilKitStrokeFields) {
        self.init(
            ink: StrokeInk(s.inkType.inkKind, color: InkColor(red: s.red, green: s.green, blue: s.blue, alpha: s.alpha)),
            points: s.points.map(InkPoint.init(pencilKit:)),
            transform: s.transform,
            mask: s.mask,
            randomSeed: s.randomSeed,
            creationDate: Self.secondsSince1970(s.creationDate))
    }

    /// PencilKit's fields for this stroke.
    public var pencilKitFields: PencilKitStrokeFields {
        let c = ink.color.components
        return PencilKitStrokeFields(
            inkType: PencilKitInkType(ink.kind), red: c.red, green: c.green, blue: c.blue, alpha: c.alpha,
            transform: transform, mask: mask, randomSeed: randomSeed,
            creationDate: Date(timeIntervalSince1970: creationDate), points: points.map(\.pencilKitFields))
    }

    /// Seconds since 1970 that give back exactly `date` (`Date` counts from 2001, so the plain
    /// conversion can be a unit in the last place off; the neighbours are tried too), so the
    /// server's `Date` is PencilKit's.
    static func secondsSince1970(_ date: Date) -> Double {
        let s = date.timeIntervalSince1970
        for candidate in [s, s.nextUp, s.nextDown, s.nextUp.nextUp, s.nextDown.nextDown]
        where Date(timeIntervalSince1970: candidate) == date {
            return candidate
        }
        return s
    }
}
