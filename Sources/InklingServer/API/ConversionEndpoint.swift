import InklingHTTP
import InklingInterchange
import InklingJobs
import InklingStrokes

/// `POST /v1/conversions?to=json|svg`: the body is a drawing in any ink format Inkling reads
/// (detected, or named by `format`); the answer is the drawing as canonical stroke JSON
/// (`layout=objects`, the default, or `columnar`) or as SVG — what `inkling convert` writes.
///
/// The drawing is read as `POST /v1/guidance` reads it (the same limits, errors and format
/// names); the SVG's outline samples are bounded (``maxSVGSamples``), so a drawing whose points
/// leap across a huge canvas still makes a document of bounded size.
struct ConversionEndpoint: Sendable {
    let limits: StrokeJSONDecoder.Limits

    /// What a conversion can produce.
    enum Target: String, CaseIterable {
        case json, svg
    }

    static let queryFields: Set<String> = ["to", "format", "layout"]
    /// The most outline samples an SVG's strokes may take before their spacing widens
    /// (``SVGExporter/maxSamples``): about 20 MB of path data at most, besides a sample or two per
    /// control point. A drawing of a page's size (100,000 points, 300,000 units of ink) is
    /// sampled as finely as `inkling convert` samples it, about one sample a unit.
    static let maxSVGSamples = 500_000

    /// Converts the body, or throws the error answer.
    func respond(to request: HTTPRequest) throws(APIError) -> HTTPResponse {
        func bad(_ name: String, _ message: String) -> APIError { APIError(400, "invalid_request", "query \(name): \(message)") }
        if let unknown = request.query.keys.sorted().first(where: { !Self.queryFields.contains($0) }) {
            throw bad(String(unknown.prefix(40)), "unknown parameter; expected \(Self.queryFields.sorted().joined(separator: ", "))")
        }
        let targets = Target.allCases.map(\.rawValue).joined(separator: " or ")
        guard let name = request.query["to"] else { throw bad("to", "missing; say what to convert the drawing to: \(targets)") }
        guard let target = Target(rawValue: name) else { throw bad("to", "expected \(targets), got '\(name.prefix(20))'") }
        var layout = StrokeJSONEncoder.Layout.objects
        if let text = request.query["layout"] {
            let layouts = StrokeJSONEncoder.Layout.allCases.map(\.rawValue).joined(separator: " or ")
            guard target == .json else { throw bad("layout", "applies to to=json, not svg") }
            guard let chosen = StrokeJSONEncoder.Layout(rawValue: text) else { throw bad("layout", "expected \(layouts), got '\(text.prefix(20))'") }
            layout = chosen
        }
        guard !request.body.isEmpty else {
            throw APIError(400, "invalid_request", "the body is empty; send the drawing (InkML, Excalidraw, tldraw, Pointer Events, stroke JSON, …) as the body")
        }
        let drawing = try DrawingDecoding.decode(request.body, format: request.query["format"], limits: limits, field: "body")
        switch target {
        case .json:
            return HTTPResponse(contentType: "application/json", body: StrokeJSONEncoder(layout: layout).encode(drawing), headers: Self.headers)
        case .svg:
            let svg = SVGExporter(maxSamples: Self.maxSVGSamples).exportBytes(drawing)
            return HTTPResponse(contentType: "image/svg+xml", body: svg, headers: Self.headers + [
                // An SVG opened as a page may run script; this one has none, and may not get any.
                ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox"),
            ])
        }
    }

    /// Headers of every conversion.
    private static let headers: [(String, String)] = [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
}
