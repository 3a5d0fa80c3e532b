import InklingStrokes

/// Reads a drawing in any supported format, detecting the format when not told.
///
/// Canonical documents go through ``StrokeJSONDecoder`` (its errors come back as
/// ``InkImportError`` with format `canonical` and the JSON path as the location, so
/// `"\(location): \(message)"` is the decoder's own description). Other formats go through their
/// importer, after which the drawing is held to the same stroke, point and coordinate limits.
/// An import's ``InkImportOptions/shape`` is then set on every stroke, whatever the format.
///
/// ```swift
/// let drawing = try InkReader.read(bytes)                      // auto-detect
/// let sketch = try InkReader.read(bytes, format: .quickdraw, options: .init(selection: .line(3)))
/// ```
public enum InkReader {
    /// Decodes `bytes` as `format`, or as the detected format when `format` is `nil`
    /// (undetectable documents are read as canonical; if that fails too, the error says what the
    /// canonical decoder found and why each other format said no).
    public static func read(
        _ bytes: [UInt8],
        format: InkFormat? = nil,
        options: InkImportOptions = InkImportOptions(),
        limits: StrokeJSONDecoder.Limits = .default
    ) throws(InkImportError) -> Drawing {
        var ignored: [String] = []
        return try read(bytes, format: format, options: options, limits: limits, notices: &ignored)
    }

    /// Like ``read(_:format:options:limits:)``, also collecting one-line notices about what the
    /// import left out (for example Excalidraw elements that are not `freedraw`), for the caller
    /// to show.
    public static func read(
        _ bytes: [UInt8],
        format: InkFormat? = nil,
        options: InkImportOptions = InkImportOptions(),
        limits: StrokeJSONDecoder.Limits = .default,
        notices: inout [String]
    ) throws(InkImportError) -> Drawing {
        let detected = format ?? InkFormatDetector.detect(bytes)
        let format = detected ?? .canonical
        if format == .canonical {
            do {
                if let scanned = options.scanned, scanned.range.count == bytes.count {
                    return try StrokeJSONDecoder(limits: limits).decode(bytes[...], scanned: scanned.counts).reshaped(by: options.shape)
                }
                return try StrokeJSONDecoder(limits: limits).decode(bytes).reshaped(by: options.shape)
            } catch {
                guard detected == nil else { throw InkImportError(.canonical, at: error.path, error.message) }
                let others = InkFormatDetector.importers.map { "\($0.format.rawValue): \($0.notRecognised)" }.joined(separator: "; ")
                throw InkImportError(.canonical, at: error.path, "\(error.message) (read as canonical stroke JSON: no other format recognised it — \(others))")
            }
        }
        guard let importer = InkFormatDetector.importer(for: format) else {
            let known = InkFormatDetector.supportedFormats.map(\.rawValue).joined(separator: ", ")
            throw InkImportError(format, at: "", "this build cannot read \(format.rawValue) yet; it reads \(known)")
        }
        let maxBytes = min(limits.maxBytes, options.maxBytes)
        guard bytes.count <= maxBytes else {
            throw InkImportError(format, at: "", "document is \(bytes.count) bytes, over the \(maxBytes)-byte limit")
        }
        var options = options
        options.maxBytes = maxBytes
        options.limits = limits
        var found: [String] = []
        defer {
            // Notices quote the document (an element's type, a key): each stays one line.
            notices += found.map { String($0.map { $0.isNewline ? " " : $0 }) }
        }
        let drawing = try importer.read(bytes, options: options, notices: &found)
        try check(drawing, format: format, limits: limits)
        return drawing.reshaped(by: options.shape)
    }

    /// Holds an imported drawing to the canonical format's limits.
    static func check(_ drawing: Drawing, format: InkFormat, limits: StrokeJSONDecoder.Limits) throws(InkImportError) {
        guard drawing.strokes.count <= limits.maxStrokes else {
            throw InkImportError(format, at: "", "\(drawing.strokes.count) strokes, over the limit of \(limits.maxStrokes)")
        }
        var total = 0
        for (s, stroke) in drawing.strokes.enumerated() {
            let count = stroke.path.count
            guard count <= limits.maxPointsPerStroke else {
                throw InkImportError(format, at: "stroke \(s)", "\(count) points, over the per-stroke limit of \(limits.maxPointsPerStroke)")
            }
            total += count
            guard total <= limits.maxTotalPoints else {
                throw InkImportError(format, at: "stroke \(s)", "more than \(limits.maxTotalPoints) points in all, over the limit")
            }
            for (p, point) in stroke.path.points.enumerated() {
                let x = point.location.x, y = point.location.y
                guard x.isFinite, y.isFinite, abs(x) <= limits.maxCoordinate, abs(y) <= limits.maxCoordinate else {
                    throw InkImportError(format, at: "stroke \(s), point \(p)", "coordinate (\(x), \(y)) is beyond ±\(limits.maxCoordinate)")
                }
            }
        }
        if let canvas = drawing.canvas, canvas.width > limits.maxCanvasSide || canvas.height > limits.maxCanvasSide {
            throw InkImportError(format, at: "", "canvas \(canvas.width)×\(canvas.height) is larger than \(limits.maxCanvasSide) on a side")
        }
        // Nibs, timings, masks and transforms as the canonical decoder bounds them.
        if let violation = limits.firstNumericViolation(in: drawing) {
            throw InkImportError(format, at: violation.location, violation.message)
        }
    }
}
