import InklingBase
import InklingConditioning
import InklingImageIO
import InklingStrokes

/// A generation request in the form a cluster job carries it from a front end to a worker.
///
/// ``json`` is a `POST /v1/generations` body in canonical form, which the worker reads with the
/// same parser as any request: the drawing as canonical stroke JSON (as recipes
/// record it, in the columnar layout, which a worker decodes in about half the time), text and
/// extracted concepts as given, the style, the number of images and every
/// option written out (so the worker's defaults cannot change the result). Image concepts are
/// not in it: each is a PNG in ``images``, stored beside the job, and put back at its place in
/// the concept list (``imagePositions``) when the worker rebuilds the request.
package struct JobSpec: Sendable, Hashable {
    /// The canonical request body, UTF-8 JSON.
    package var json: [UInt8]
    /// The image concepts as PNG files, in concept order.
    package var images: [[UInt8]]
    /// Where each of ``images`` sits in the request's concept list.
    package var imagePositions: [Int]

    /// Writes `request` in its canonical form.
    ///
    /// - Throws: 500 `job_spec` when an image concept cannot be encoded as PNG (it was decoded
    ///   from one a moment ago, so this does not happen with real input).
    package init(_ request: GenerationRequest) throws(APIError) {
        var body: [String: JSONValue] = [:]
        var concepts: [JSONValue] = []
        var images: [[UInt8]] = []
        var positions: [Int] = []
        var position = 0
        var drawingJSON: [UInt8]?
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
                    images.append(try PNGCodec.encode(PNGDocument(image: source.image), compressionLevel: 1, filter: .up))
                } catch {
                    throw APIError(500, "job_spec", "could not store an image concept for the job: \(error)")
                }
                positions.append(position)
            case .drawing(let drawing):
                body["format"] = .string("canonical")
                drawingJSON = StrokeJSONEncoder(layout: .columnar).encode(drawing)
            }
            position += 1
        }
        if !concepts.isEmpty { body["concepts"] = .array(concepts) }
        if let style = request.style { body["style"] = .string(style.rawValue) }
        body["limit"] = .int(Int64(request.limit))
        body["options"] = Self.options(request.options)
        // The drawing goes in as it is written, ahead of the other members (the body is an
        // object, so its text starts with "{").
        var json = JSONValue.object(body).serialized()
        if let drawingJSON {
            json = Array("{\"drawing\":".utf8) + drawingJSON + (json.count > 2 ? [UInt8(ascii: ",")] : []) + json.dropFirst()
        }
        self.json = json
        self.images = images
        imagePositions = positions
    }

    /// Wraps what a worker read back from the job.
    package init(json: [UInt8], images: [[UInt8]], imagePositions: [Int]) {
        self.json = json
        self.images = images
        self.imagePositions = imagePositions
    }

    /// Rebuilds the request on a worker: the canonical body through the request parser, then the
    /// image concepts at their places. `base` supplies the worker's allowed and default styles.
    ///
    /// - Throws: the parser's ``APIError``s, or 422 `unsupported_input_image` for an image that
    ///   does not decode, or 400 `invalid_job` when positions and images disagree.
    package func request(base: GenerationOptions, limits: StrokeJSONDecoder.Limits) throws(APIError) -> GenerationRequest {
        var request = try GenerationRequest(body: json, base: base, limits: limits)
        guard images.count == imagePositions.count else {
            throw APIError(400, "invalid_job", "the job lists \(imagePositions.count) image positions for \(images.count) images")
        }
        for (bytes, position) in zip(images, imagePositions) {
            guard (0...request.concepts.count).contains(position) else {
                throw APIError(400, "invalid_job", "an image concept's position \(position) is outside the \(request.concepts.count) concepts")
            }
            let image: RasterImage
            do {
                image = try ImageFile.decode(bytes, name: "job image", maxPixels: 1 << 24)
            } catch {
                throw APIError(422, "unsupported_input_image", "job image: \(error.description)")
            }
            request.concepts.insert(.image(SourceImage(image: image, origin: "upload")), at: position)
        }
        return request
    }

    /// Every option, written out; the size only when one was asked for.
    private static func options(_ o: GenerationOptions) -> JSONValue {
        var options: [String: JSONValue] = [
            "seed": .uint(o.seed),
            "strength": .double(o.guidance.strength),
            "guidanceStart": .double(o.guidance.start),
            "guidanceEnd": .double(o.guidance.end),
            "mode": .string(o.guidance.mode.rawValue),
            "encoding": .string(o.guidance.encoding.description),
            "sourceStrength": .double(o.sourceStrength),
            "personalization": .bool(o.personalization),
        ]
        if case .closest(let size) = o.size {
            options["size"] = ["width": .int(Int64(size.width)), "height": .int(Int64(size.height))]
        }
        let s = o.sampling
        if let v = s.negativePrompt { options["negativePrompt"] = .string(v) }
        if let v = s.steps { options["steps"] = .int(Int64(v)) }
        if let v = s.cfgScale { options["cfgScale"] = .double(v) }
        if let v = s.sampler { options["sampler"] = .string(v) }
        if let v = s.scheduler { options["scheduler"] = .string(v) }
        return .object(options)
    }
}
