import InklingLimits
import InklingHTTP
import InklingJobs
import InklingGuidance
import InklingImageIO
import InklingStrokes

/// `POST /v1/guidance`: the body is a drawing in any supported format; the query sets the map
/// (`width`, `height`, `encoding`, `fit`, `padding`, `lineWidth`, `format`) and the strokes'
/// shape (`shape`, the command line's text form: `freehand,size=8`); the answer is a PNG.
struct GuidanceEndpoint: Sendable {
    let limits: StrokeJSONDecoder.Limits
    let maxSide: Int
    /// Requests being answered now: a map is split over the cores only when it is alone.
    let inFlight = RendersInFlight()

    static let queryFields: Set<String> = ["width", "height", "encoding", "fit", "padding", "lineWidth", "format", "shape"]

    /// Renders the map, or throws the error answer.
    func respond(to request: HTTPRequest) throws(APIError) -> HTTPResponse {
        try inFlight.run { others throws(APIError) in try respond(to: request, threads: others > 0 ? 1 : nil) }
    }

    /// Renders the map on at most `threads` threads (`nil`: as the renderer decides).
    private func respond(to request: HTTPRequest, threads: Int?) throws(APIError) -> HTTPResponse {
        if let unknown = request.query.keys.sorted().first(where: { !Self.queryFields.contains($0) }) {
            throw APIError(400, "invalid_request", "query \(unknown.prefix(40)): unknown parameter; expected \(Self.queryFields.sorted().joined(separator: ", "))")
        }
        let options = try Self.options(request.query, maxSide: maxSide)
        guard !request.body.isEmpty else {
            throw APIError(400, "invalid_request", "the body is empty; send the drawing (stroke JSON, Pointer Events, InkML, …) as the body")
        }
        var shape: StrokeShape?
        if let text = request.query["shape"] {
            do {
                shape = try StrokeShape(parsing: text)
            } catch {
                throw APIError(400, "invalid_request", "query shape: \(error.description)")
            }
        }
        let drawing = try DrawingDecoding.decode(request.body, format: request.query["format"], limits: limits, field: "body", shape: shape)
        let map: GuidanceMap
        do {
            map = try GuidanceRenderer(options: options, threads: threads).render(drawing)
        } catch {
            throw APIError(422, "invalid_drawing", "cannot render the drawing: \(error.description)")
        }
        let png: [UInt8]
        do {
            png = try PNGCodec.encode(PNGDocument(image: map.image, text: [PNGTextChunk(keyword: "Software", text: "Inkling")]), compressionLevel: 1, filter: .up)
        } catch {
            throw APIError(500, "encoding_failed", "cannot encode the map as PNG: \(error.description)")
        }
        return HTTPResponse(contentType: "image/png", body: png, headers: [("Cache-Control", "no-store")])
    }

    /// The map options from the query string.
    static func options(_ query: [String: String], maxSide: Int) throws(APIError) -> GuidanceOptions {
        func bad(_ name: String, _ message: String) -> APIError { APIError(400, "invalid_request", "query \(name): \(message)") }
        func side(_ name: String) throws(APIError) -> Int {
            guard let text = query[name] else { return 512 }
            guard let value = Int(text), (1...maxSide).contains(value) else { throw bad(name, "expected a whole number of pixels 1…\(maxSide), got '\(text.prefix(20))'") }
            return value
        }
        func number(_ name: String, _ range: ClosedRange<Double>) throws(APIError) -> Double? {
            guard let text = query[name] else { return nil }
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw bad(name, "expected a number \(range.lowerBound)…\(range.upperBound), got '\(text.prefix(20))'")
            }
            return value
        }
        var options = GuidanceOptions(width: try side("width"), height: try side("height"))
        if let name = query["encoding"] {
            guard let encoding = GuidanceEncoding(rawValue: name) else {
                throw bad("encoding", "expected one of \(GuidanceEncoding.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name.prefix(20))'")
            }
            options.encoding = encoding
        }
        if let name = query["fit"] {
            guard let fit = FitPolicy(rawValue: name) else {
                throw bad("fit", "expected one of \(FitPolicy.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name.prefix(20))'")
            }
            options.fit = fit
        }
        if let padding = try number("padding", 0...0.45) { options.padding = padding }
        if let width = try number("lineWidth", 0...256) { options.minimumLineWidth = width }
        return options
    }
}
