import Foundation
import InklingBase
import InklingStrokes

extension PointerEventsImporter {
    /// Pen orientation from Pointer Events tilt angles, as Pointer Events Level 3 converts them.
    ///
    /// With `tx = tan(tiltX)`, `ty = tan(tiltY)` (degrees → radians first):
    /// - azimuth = `atan2(ty, tx)` wrapped into 0…2π; on the axes: tiltX = 0 gives π/2 (tiltY > 0),
    ///   3π/2 (tiltY < 0) or 0 (both 0); tiltY = 0 gives π when tiltX < 0, else 0; when either
    ///   tilt is ±90° the azimuth is undetermined and 0 is used, as the specification does.
    /// - altitude = `atan(1 / sqrt(tx² + ty²))`; π/2 − |tilt| when one tilt is 0 (so 0,0 → π/2,
    ///   upright), and 0 (flat on the surface) when either tilt is ±90°.
    ///
    /// Angles are in the screen's frame (x right, y down), the same frame Inkling's azimuth uses.
    public static func orientation(tiltX: Double, tiltY: Double) -> (azimuth: Double, altitude: Double) {
        let rx = tiltX * .pi / 180, ry = tiltY * .pi / 180
        let edge = abs(tiltX) >= 90 || abs(tiltY) >= 90
        var azimuth = 0.0
        if tiltX == 0 {
            if tiltY > 0 { azimuth = .pi / 2 } else if tiltY < 0 { azimuth = 3 * .pi / 2 }
        } else if tiltY == 0 {
            if tiltX < 0 { azimuth = .pi }
        } else if !edge {
            azimuth = atan2(tan(ry), tan(rx))
            if azimuth < 0 { azimuth += 2 * .pi }
        }
        let altitude: Double
        if edge {
            altitude = 0
        } else if tiltX == 0 {
            altitude = .pi / 2 - abs(ry)
        } else if tiltY == 0 {
            altitude = .pi / 2 - abs(rx)
        } else {
            altitude = atan(1 / (tan(rx) * tan(rx) + tan(ry) * tan(ry)).squareRoot())
        }
        return (azimuth, min(max(altitude, 0), .pi / 2))
    }

    /// The ink a pointer type draws with: `pen` → pen, `mouse` → monoline (a mouse has no
    /// pressure, so a constant width is honest), `touch` and anything else → pen (a finger's
    /// breadth comes through its contact `width`/`height`, not through a translucent marker).
    static func inkType(forPointerType pointerType: String) -> InkType {
        pointerType == "mouse" ? .monoline : .pen
    }

    /// One event converted: the point (its `timeOffset` still 0) and the event's `timeStamp` in ms.
    struct Sample {
        var point: StrokePoint
        var timeStamp: Double?
    }

    /// Coordinate pairs in order of preference: canvas-relative first.
    static let coordinatePairs = [("offsetX", "offsetY"), ("x", "y"), ("clientX", "clientY"), ("pageX", "pageY")]

    /// Converts one event object (see the type's documentation for the mapping).
    static func sample(_ e: JSONNode, pointerType: String) throws(JSONError) -> Sample {
        // The first pair with either member present (not null); each member is looked up once.
        func coordinate(_ node: JSONNode?, _ key: String) throws(JSONError) -> Double {
            guard let node else { throw InterchangeJSON.missing(key, in: e, expected: InterchangeJSON.coordinateExpectation) }
            return try InterchangeJSON.coordinate(node)
        }
        var location: Point2D?
        for (xKey, yKey) in coordinatePairs {
            let xNode = e.member(xKey), yNode = e.member(yKey)
            guard xNode?.isNull == false || yNode?.isNull == false else { continue }
            location = Point2D(x: try coordinate(xNode, xKey), y: try coordinate(yNode, yKey))
            break
        }
        guard let location else { throw e.error("expected coordinates offsetX/offsetY, x/y or clientX/clientY, got none") }
        var point = StrokePoint(location: location)

        let pressure = try InterchangeJSON.optionalNumber(e, "pressure", expected: "a pressure in 0…1", in: 0...1)
        if let pressure, pointerType != "mouse" { point.force = pressure * 2 }

        let altitude = try InterchangeJSON.optionalNumber(e, "altitudeAngle", expected: "an angle in 0…π/2 (radians)", in: 0...(.pi / 2))
        let azimuth = try InterchangeJSON.optionalNumber(e, "azimuthAngle", expected: "a finite angle (radians)")
        if altitude != nil || azimuth != nil {
            point.altitude = altitude ?? StrokePoint.Defaults.altitude
            if let azimuth {
                let a = azimuth.truncatingRemainder(dividingBy: 2 * .pi)
                point.azimuth = a < 0 ? a + 2 * .pi : a
            }
        } else {
            let tilt = "a tilt in −90…90 (degrees)"
            let tx = try InterchangeJSON.optionalNumber(e, "tiltX", expected: tilt, in: -90...90)
            let ty = try InterchangeJSON.optionalNumber(e, "tiltY", expected: tilt, in: -90...90)
            if tx != nil || ty != nil {
                (point.azimuth, point.altitude) = orientation(tiltX: tx ?? 0, tiltY: ty ?? 0)
            }
        }
        _ = try InterchangeJSON.optionalNumber(e, "twist", expected: "a twist in 0…359 (degrees)", in: 0...360)

        let sizeRange = 0...InterchangeJSON.limits.maxCoordinate
        let w = try InterchangeJSON.optionalNumber(e, "width", expected: "a width ≥ 0", in: sizeRange)
        let h = try InterchangeJSON.optionalNumber(e, "height", expected: "a height ≥ 0", in: sizeRange)
        if let width = w ?? h, let height = h ?? w, width > 1 || height > 1 {
            point.size = Size2D(width: width, height: height)
        }
        let time = try InterchangeJSON.optionalNumber(e, "timeStamp", expected: "a finite time in ms", in: -1e15...1e15)
        return Sample(point: point, timeStamp: time)
    }

    /// A pointer's identity: `pointerId` may be a number or a string; absent is a pointer of its own.
    enum PointerKey: Hashable {
        case absent
        case number(Double)
        case string(String)
    }

    /// The event's pointer identity (`pointerId`).
    static func pointerKey(_ e: JSONNode) throws(JSONError) -> PointerKey {
        guard let value = e["pointerId"] else { return .absent }
        if let text = value.string { return .string(text) }
        guard let n = value.number else { throw value.expected("a number or a string") }
        return .number(n)
    }

    /// The event's `pointerType` (`""` when absent).
    static func pointerType(_ e: JSONNode) throws(JSONError) -> String {
        guard let value = e["pointerType"] else { return "" }
        guard let text = value.string else { throw value.expected("\"pen\", \"mouse\" or \"touch\"") }
        return text
    }

    /// The event's coalesced events (`coalesced` or `coalescedEvents`), if any.
    static func coalesced(_ e: JSONNode) throws(JSONError) -> JSONElements? {
        for key in ["coalesced", "coalescedEvents"] {
            guard let value = e[key] else { continue }
            guard value.kind == .array else { throw value.expected("an array of events") }
            return value.elements
        }
        return nil
    }
}
