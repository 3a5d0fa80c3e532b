import InklingBase
import InklingConditioning
import InklingImageIO
import InklingStrokes

/// A generation request in the form a cluster job carries it from a front end to a worker.
///
/// ``json`` is a `POST /v1/generations` body in canonical form, which the worker reads with the
/// same parser as any request: text and extracted concepts as given, the style, the number of
/// images and every option written out (so the worker's defaults cannot change the result). The
/// drawing and image concepts are not in it: the drawing, already decoded and checked by the front
/// end, travels as a ``PackedDrawing`` (read back without parsing, equal to what the front end
/// decoded), and each image as a PNG in ``images``; each is put back at its place in the concept
/// list when the worker rebuilds the request.
package struct JobSpec: Sendable, Hashable {
    /// The canonical request body without its drawing and images, UTF-8 JSON.
    package var json: [UInt8]
    /// The drawing as a ``PackedDrawing``, if the request has one.
    package var drawing: [UInt8]?
    /// Where ``drawing`` sits in the request's concept list.
    package var drawingPosition: Int
    /// The image concepts as PNG files, in concept order.
    package var images: [[UInt8]]
    /// Where each of ``images`` sits in the request's concept list.
    package var imagePositions: [Int]

    /// Writes `request` in its canonical form, its drawing in ``PackedDrawing`` version
    /// `packedDrawingVersion` (the newest the workers that may take it read).
    ///
    /// - Throws: 500 `job_spec` when an image concept cannot be encoded as PNG (it was decoded
    ///   from one a moment ago, so this does not happen with real input).
    package init(_ request: GenerationRequest, packedDrawingVersion: Int = PackedDrawing.newestVersion) throws(APIError) {
        var body: [String: JSONValue] = [:]
        var concepts: [JSONValue] = []
        var images: [[UInt8]] = []
        var positions: [Int] = []
        var position = 0
        var drawing: [UInt8]?
        var drawingPosition = 0
        for concept in request.concepts {
            switch concept {
            case .text(let text):
                // The first concept, when it is text, travels as the prompt: the parser puts the
                // prompt first, and the list holds at most 16 besides it.
                if position == 0 { body["prompt"] = .string(text) } else { concepts.append(["type": "text", "text": .string(text)]) }
            case .extracted(let text, let title):
                var entry: [String: JSONValue] = ["type": "extracted", "text": .string(text)]
                if let title { entry["title"] = .string(title) }
                concepts.append(.object(entry))
            case .image(let source):
                do {
                    // The file as it was sent (it decoded to these pixels), else the pixels encoded.
                    images.append(try source.file ?? PNGCodec.encode(PNGDocument(image: source.image), compressionLevel: 1, filter: .up))
                } catch {
                    throw APIError(500, "job_spec", "could not store an image concept for the job: \(error)")
                }
                positions.append(position)
            case .drawing(let decoded):
                drawing = PackedDrawing.encode(decoded, version: packedDrawingVersion)
                drawingPosition = position
            }
            position += 1
        }
        if !concepts.isEmpty { body["concepts"] = .array(concepts) }
        if let style = request.style { body["style"] = .string(style.rawValue) }
        body["limit"] = .int(Int64(request.limit))
        body["options"] = GenerationOptionsCodec.json(request.options)
        json = JSONValue.object(body).serialized()
        self.drawing = drawing
        self.drawingPosition = drawingPosition
        self.images = images
        imagePositions = positions
    }

    /// Wraps what a worker read back from the job.
    package init(json: [UInt8], drawing: [UInt8]? = nil, drawingPosition: Int = 0, images: [[UInt8]], imagePositions: [Int]) {
        self.json = json
        self.drawing = drawing
        self.drawingPosition = drawingPosition
        self.images = images
        self.imagePositions = imagePositions
    }

    /// Rebuilds the request on a worker: the canonical body through the request parser, then the
    /// drawing and the image concepts at their places. `base` supplies the worker's allowed and
    /// default styles; `limits` bound the drawing as they bound a request's.
    ///
    /// - Throws: the parser's ``APIError``s, 422 `unsupported_input_image` for an image that does
    ///   not decode, 422 `invalid_drawing` for a drawing that does not read back, or 400
    ///   `invalid_job` when positions and concepts disagree.
    package func request(base: GenerationOptions, limits: StrokeJSONDecoder.Limits) throws(APIError) -> GenerationRequest {
        var request = try GenerationRequest(body: json, base: base, limits: limits)
        guard images.count == imagePositions.count else {
            throw APIError(400, "invalid_job", "the job lists \(imagePositions.count) image positions for \(images.count) images")
        }
        var inserts: [(position: Int, concept: Concept)] = []
        if let drawing {
            do {
                inserts.append((drawingPosition, .drawing(try PackedDrawing.decode(drawing, limits: limits))))
            } catch {
                throw APIError(422, "invalid_drawing", "the job's drawing: \(error.description)")
            }
        }
        for (bytes, position) in zip(images, imagePositions) {
            let image: RasterImage
            do {
                image = try ImageFile.decode(bytes, name: "job image", maxPixels: 1 << 24)
            } catch {
                throw APIError(422, "unsupported_input_image", error.description)
            }
            inserts.append((position, .image(SourceImage(image: image, origin: "upload", file: bytes))))
        }
        // In order of place, so that each goes where it was.
        for insert in inserts.sorted(by: { $0.position < $1.position }) {
            guard (0...request.concepts.count).contains(insert.position) else {
                throw APIError(400, "invalid_job", "a concept's position \(insert.position) is outside the \(request.concepts.count) concepts")
            }
            request.concepts.insert(insert.concept, at: insert.position)
        }
        return request
    }
}
