import InklingBase

extension StrokeJSONDecoder.Limits {
    /// A number in a drawing built outside the decoder (by an importer, or in code) that the
    /// decoder would have refused.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// Index of the stroke, or `nil` for the canvas.
        public var stroke: Int?
        /// Index of the point within the stroke, or `nil` for the stroke itself.
        public var point: Int?
        /// What was expected and what was found, one line.
        public var message: String

        /// Where, in words: `stroke 3, point 17`, `stroke 3` or `canvas`.
        public var location: String {
            guard let stroke else { return "canvas" }
            return point.map { "stroke \(stroke), point \($0)" } ?? "stroke \(stroke)"
        }

        public var description: String { "\(location): \(message)" }
    }

    /// The first number in `drawing` outside what the decoder accepts under these limits:
    /// point channels, nib sizes, mask vertices, transforms (finite, their scale and where they
    /// carry the control points) and the canvas. Counts of strokes and points are not checked
    /// here. `nil` when every number is acceptable, which keeps outlines, rasters and SVG finite.
    public func firstNumericViolation(in drawing: Drawing) -> Violation? {
        firstNumericViolation(in: drawing, pointChannelsChecked: false)
    }

    /// ``firstNumericViolation(in:)``, skipping the point channels when the caller has already
    /// found every one of them acceptable (``PointChannel/accepts(_:maxCoordinate:)``, finite).
    func firstNumericViolation(in drawing: Drawing, pointChannelsChecked: Bool) -> Violation? {
        let bound = maxCoordinate
        if let canvas = drawing.canvas {
            for side in [canvas.width, canvas.height]
            where !(side >= DrawingReader.minimumCanvasSide && side <= maxCanvasSide) {
                let expected = "\(NumberText.compact(DrawingReader.minimumCanvasSide))…\(NumberText.compact(maxCanvasSide))"
                return Violation(stroke: nil, point: nil,
                                 message: "canvas \(NumberText.compact(canvas.width))×\(NumberText.compact(canvas.height)) "
                                     + "has a side outside \(expected)")
            }
        }
        for (s, stroke) in drawing.strokes.enumerated() {
            for (p, point) in stroke.path.points.enumerated() where !pointChannelsChecked {
                for channel in PointChannel.allCases {
                    let v = channel.value(in: point)
                    guard v.isFinite, channel.accepts(v, maxCoordinate: bound) else {
                        return Violation(stroke: s, point: p, message: "\(channel.name) is \(NumberText.compact(v)), "
                                            + "expected \(channel.expectation(maxCoordinate: bound))")
                    }
                }
            }
            for polygon in stroke.mask?.polygons ?? [] {
                for vertex in polygon where !(abs(vertex.x) <= bound && abs(vertex.y) <= bound) {
                    return Violation(stroke: s, point: nil, message: "a mask vertex (\(NumberText.compact(vertex.x)), "
                                        + "\(NumberText.compact(vertex.y))) is beyond ±\(NumberText.compact(bound)) (maxCoordinate)")
                }
            }
            let t = stroke.transform
            guard !t.isIdentity else { continue }
            guard [t.a, t.b, t.c, t.d].allSatisfy(\.isFinite), abs(t.tx) <= bound, abs(t.ty) <= bound else {
                return Violation(stroke: s, point: nil, message: "the transform needs finite coefficients and a translation "
                                    + "within ±\(NumberText.compact(bound)) (maxCoordinate)")
            }
            let scale = t.singularValues.larger
            guard scale <= 2 * bound else {
                return Violation(stroke: s, point: nil, message: "the transform scales by \(NumberText.compact(scale)), "
                                    + "more than \(NumberText.compact(2 * bound)) (2 × maxCoordinate, the coordinate extent)")
            }
            for (p, point) in stroke.path.points.enumerated() {
                let q = t.apply(to: point.location)
                guard abs(q.x) <= bound, abs(q.y) <= bound else {
                    return Violation(stroke: s, point: p, message: "the transform moves it to (\(NumberText.compact(q.x)), "
                                        + "\(NumberText.compact(q.y))), beyond ±\(NumberText.compact(bound)) (maxCoordinate)")
                }
            }
        }
        return nil
    }
}
