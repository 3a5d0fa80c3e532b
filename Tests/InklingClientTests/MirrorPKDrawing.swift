import Foundation
import InklingClient

/// A stand-in for `PKDrawing` on Linux: PencilKit's fields, as the real conformance hands them over.
struct MirrorPKDrawing: PencilKitDrawingConvertible, Equatable {
    var pencilKitStrokes: [PencilKitStrokeFields]
    init(pencilKitStrokes: [PencilKitStrokeFields]) { self.pencilKitStrokes = pencilKitStrokes }

    /// A drawing with what PencilKit documents: every ink type (iOS 13, 17 and 26), an
    /// azimuth PencilKit gives as −π…π, altitudes 0…π/2, force 0… (a hard press above 1),
    /// opacity 0…2, secondaryScale, a rotated transform, a mask, a seed and creation dates.
    static let sample: MirrorPKDrawing = {
        let start = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456)
        let strokes = PencilKitInkType.allCases.enumerated().map { (index: Int, type: PencilKitInkType) -> PencilKitStrokeFields in
            let points = (0..<12).map { (i: Int) -> PencilKitPointFields in
                let t = Double(i)
                let y: Double = 80.0 + Double(index) * 30 + sin(t) * 4
                return PencilKitPointFields(
                    locationX: 100.5 + t * 7.25, locationY: y, timeOffset: t / 240, sizeWidth: 3.0 + t / 10, sizeHeight: 3.5,
                    opacity: 0.25 + t / 8, force: t * 0.37, azimuth: -Double.pi + t * 0.55,
                    altitude: Double.pi / 2 * t / 11, secondaryScale: 1 + t / 20, threshold: t / 12)
            }
            let angle = Double(index) * 0.1
            return PencilKitStrokeFields(
                inkType: type, red: Double(index) / 7, green: 0.5, blue: 1, alpha: index == 2 ? 0.5 : 1,
                transform: InkTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 12, ty: -3.5),
                mask: index == 1 ? [[InkVertex(x: 90, y: 60), InkVertex(x: 200, y: 60), InkVertex(x: 200, y: 140), InkVertex(x: 90, y: 140)]] : nil,
                randomSeed: UInt32(index * 977), creationDate: start.addingTimeInterval(Double(index) * 1.5), points: points)
        }
        return MirrorPKDrawing(pencilKitStrokes: strokes)
    }()
}
