// The thin conformance of PencilKit's own types. NOT COMPILED HERE: Inkling is built and tested
// on Linux, where PencilKit does not exist; the mapping it feeds (InkDrawing+PencilKit.swift and
// the two files beside it) is compiled and tested there with mirror types. See docs/ios.md.
#if canImport(PencilKit)
import Foundation
import PencilKit
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

extension PKDrawing: PencilKitDrawingConvertible {
    /// Each stroke's fields, as PencilKit gives them.
    public var pencilKitStrokes: [PencilKitStrokeFields] { strokes.map(PencilKitStrokeFields.init(stroke:)) }

    /// A drawing of PencilKit strokes made from the fields.
    public init(pencilKitStrokes: [PencilKitStrokeFields]) {
        self.init(strokes: pencilKitStrokes.map(\.pkStroke))
    }
}

extension PencilKitInkType {
    /// The mirror of a PencilKit ink type; one this package does not know yet is read as a pen.
    init(_ type: PKInkingTool.InkType) {
        switch type {
        case .pen: self = .pen
        case .pencil: self = .pencil
        case .marker: self = .marker
        case .monoline: self = .monoline
        case .fountainPen: self = .fountainPen
        case .watercolor: self = .watercolor
        case .crayon: self = .crayon
        default:
            #if compiler(>=6.2)
            if #available(iOS 26.0, macOS 26.0, visionOS 26.0, *), type == .reed { self = .reed; return }
            #endif
            self = .pen
        }
    }

    /// PencilKit's ink type (a reed before iOS 26 is drawn with a pen).
    var pkInkType: PKInkingTool.InkType {
        switch self {
        case .pen: return .pen
        case .pencil: return .pencil
        case .marker: return .marker
        case .monoline: return .monoline
        case .fountainPen: return .fountainPen
        case .watercolor: return .watercolor
        case .crayon: return .crayon
        case .reed:
            #if compiler(>=6.2)
            if #available(iOS 26.0, macOS 26.0, visionOS 26.0, *) { return .reed }
            #endif
            return .pen
        }
    }
}

extension PencilKitStrokeFields {
    /// PencilKit's stroke, field for field.
    init(stroke: PKStroke) {
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let cg = stroke.ink.color.cgColor
        let c = (cg.converted(to: srgb, intent: .defaultIntent, options: nil) ?? cg).components ?? [0, 0, 0, 1]
        let rgba: [Double] = c.count >= 4 ? c.prefix(4).map { Double($0) } : c.count == 2 ? [c[0], c[0], c[0], c[1]].map { Double($0) } : [0, 0, 0, 1]
        let t = stroke.transform
        self.init(
            inkType: PencilKitInkType(stroke.ink.inkType), red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3],
            transform: InkTransform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty)),
            mask: stroke.mask.map { Self.polygons(of: $0.cgPath) }, randomSeed: stroke.randomSeed,
            creationDate: stroke.path.creationDate,
            points: stroke.path.map { p in
                var threshold = 0.0
                #if compiler(>=6.2)
                if #available(iOS 26.0, macOS 26.0, visionOS 26.0, *) { threshold = Double(p.threshold) }
                #endif
                return PencilKitPointFields(
                    locationX: Double(p.location.x), locationY: Double(p.location.y), timeOffset: p.timeOffset,
                    sizeWidth: Double(p.size.width), sizeHeight: Double(p.size.height), opacity: Double(p.opacity),
                    force: Double(p.force), azimuth: Double(p.azimuth), altitude: Double(p.altitude),
                    secondaryScale: Double(p.secondaryScale), threshold: threshold)
            })
    }

    /// PencilKit's stroke of these fields (PencilKit stores point values compressed, so reading
    /// them back may give slightly different numbers than were set).
    var pkStroke: PKStroke {
        #if canImport(UIKit)
        let color = UIColor(red: red, green: green, blue: blue, alpha: alpha)
        #else
        let color = NSColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
        #endif
        let controlPoints = points.map { p in
            PKStrokePoint(
                location: CGPoint(x: p.locationX, y: p.locationY), timeOffset: p.timeOffset,
                size: CGSize(width: p.sizeWidth, height: p.sizeHeight), opacity: p.opacity, force: p.force,
                azimuth: p.azimuth, altitude: p.altitude, secondaryScale: p.secondaryScale)
        }
        let t = transform
        var stroke = PKStroke(
            ink: PKInk(inkType.pkInkType, color: color),
            path: PKStrokePath(controlPoints: controlPoints, creationDate: creationDate),
            transform: CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty),
            mask: mask.map(Self.bezierPath(of:)))
        stroke.randomSeed = randomSeed
        return stroke
    }

    /// A mask path as closed polygons: curves flattened into 8 segments each, subpaths of fewer
    /// than 3 vertices dropped.
    static func polygons(of path: CGPath) -> [[InkVertex]] {
        var polygons: [[InkVertex]] = [], current: [InkVertex] = []
        func close() { if current.count >= 3 { polygons.append(current) }; current = [] }
        path.applyWithBlock { element in
            let e = element.pointee
            func point(_ i: Int) -> (x: Double, y: Double) { (Double(e.points[i].x), Double(e.points[i].y)) }
            let last: (x: Double, y: Double) = current.last.map { ($0.x, $0.y) } ?? (0, 0)
            switch e.type {
            case .moveToPoint: close(); current.append(InkVertex(x: point(0).x, y: point(0).y))
            case .addLineToPoint: current.append(InkVertex(x: point(0).x, y: point(0).y))
            case .addQuadCurveToPoint:
                let c = point(0), p = point(1)
                for i in 1...8 {
                    let s = Double(i) / 8, u = 1 - s
                    current.append(InkVertex(x: u * u * last.x + 2 * u * s * c.x + s * s * p.x, y: u * u * last.y + 2 * u * s * c.y + s * s * p.y))
                }
            case .addCurveToPoint:
                let c1 = point(0), c2 = point(1), p = point(2)
                for i in 1...8 {
                    let s = Double(i) / 8, u = 1 - s
                    let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
                    current.append(InkVertex(x: a * last.x + b * c1.x + c * c2.x + d * p.x, y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .closeSubpath: close()
            @unknown default: break
            }
        }
        close()
        return polygons
    }

    #if canImport(UIKit)
    /// Closed polygons as a bezier path.
    static func bezierPath(of polygons: [[InkVertex]]) -> UIBezierPath {
        let path = UIBezierPath()
        for polygon in polygons where !polygon.isEmpty {
            path.move(to: CGPoint(x: polygon[0].x, y: polygon[0].y))
            for v in polygon.dropFirst() { path.addLine(to: CGPoint(x: v.x, y: v.y)) }
            path.close()
        }
        return path
    }
    #else
    /// Closed polygons as a bezier path.
    static func bezierPath(of polygons: [[InkVertex]]) -> NSBezierPath {
        let path = NSBezierPath()
        for polygon in polygons where !polygon.isEmpty {
            path.move(to: CGPoint(x: polygon[0].x, y: polygon[0].y))
            for v in polygon.dropFirst() { path.line(to: CGPoint(x: v.x, y: v.y)) }
            path.close()
        }
        return path
    }
    #endif
}
#endif
