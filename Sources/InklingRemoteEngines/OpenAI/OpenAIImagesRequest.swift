import Foundation
import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingImageIO
import InklingBase
import InklingTransport

/// What goes to an OpenAI-compatible images API for one request, and what of the conditioning
/// it cannot carry.
///
/// This is the OpenAI flavour; ``SDServerRequest`` is `sd-server`'s.
///
/// - No drawing (or one at strength 0) and no source image: `POST /v1/images/generations` (JSON: model, prompt, n,
///   size, response_format). It honours the prompt, the style's words and the size only.
/// - A drawing or a source image: `POST /v1/images/edits` (multipart: image, mask, prompt,
///   model, n, size, response_format). `image` is the source image fitted to the size with the
///   sketch's lines darkened onto it, or the sketch as dark lines on white; `mask` is fully
///   transparent (the whole image may change). The sketch thus steers as a starting picture:
///   strength, schedule and mode cannot be expressed, nor the source strength.
/// - Neither endpoint takes a seed.
struct OpenAIImagesRequest: Sendable {
    var model: String?

    /// Whether the request goes to `/v1/images/edits`: a source image, or a sketch with a
    /// strength above zero (at strength 0 the sketch is not sent).
    static func usesEdits(_ conditioning: Conditioning) -> Bool {
        sendsSketch(conditioning) || conditioning.source != nil
    }

    /// Whether the sketch goes out (darkened onto the starting picture).
    static func sendsSketch(_ conditioning: Conditioning) -> Bool {
        conditioning.guidance != nil && conditioning.controls.strength > 0
    }

    /// `gpt-image-*` models always answer base64 and reject `response_format`.
    var sendsResponseFormat: Bool { !(model?.hasPrefix("gpt-image") ?? false) }

    /// The controls of `conditioning` this API drops, one notice each.
    static func dropped(_ conditioning: Conditioning, engine: String) -> [String] {
        var notices: [String] = []
        let c = conditioning.controls
        if sendsSketch(conditioning) {
            notices.append("the \(engine) engine (/v1/images/edits) cannot weigh the sketch: strength \(NumberText.compact(c.strength)), schedule \(NumberText.compact(c.start))–\(NumberText.compact(c.end)) and mode \(c.mode.rawValue) are not honoured; the sketch is sent as the starting picture")
        }
        if conditioning.source != nil {
            notices.append("the \(engine) engine (/v1/images/edits) has no source strength: \(NumberText.compact(conditioning.sourceStrength)) is not honoured; the source is the starting picture")
        }
        notices.append("the \(engine) engine's images API takes no seed: seed \(conditioning.seed) is recorded but the images are not reproducible")
        let knobs = conditioning.sampling.setNames
        if !knobs.isEmpty {
            notices.append("the \(engine) engine's images API has no negative prompt, steps, CFG scale, sampler or scheduler: \(knobs.joined(separator: ", ")) \(knobs.count == 1 ? "is" : "are") not honoured")
        }
        return notices
    }

    /// The JSON body for `/v1/images/generations`.
    func generationsBody(_ conditioning: Conditioning) -> JSONValue {
        var body: [String: JSONValue] = ["prompt": .string(PromptText.positive(conditioning)), "n": 1, "size": .string(conditioning.size.description)]
        if let model { body["model"] = .string(model) }
        if sendsResponseFormat { body["response_format"] = "b64_json" }
        return .object(body)
    }

    /// What the variations of `conditioning` upload, each encoded once: the starting picture and
    /// the mask when ``usesEdits(_:)``, nothing otherwise.
    static func images(_ conditioning: Conditioning) throws -> RequestImages {
        guard usesEdits(conditioning) else { return RequestImages() }
        let size = conditioning.size
        let picture = startingPicture(conditioning, withSketch: sendsSketch(conditioning))
        let mask = RasterImage(width: size.width, height: size.height, format: .rgba, filledWith: 0)
        return RequestImages(startingPicture: try PNGCodec.encode(PNGDocument(image: picture)),
                             mask: try PNGCodec.encode(PNGDocument(image: mask)))
    }

    /// The multipart form for `/v1/images/edits`, with the pictures ``images(_:)`` encoded.
    func editsForm(_ conditioning: Conditioning, images: RequestImages) -> MultipartForm {
        var form = MultipartForm()
        let size = conditioning.size
        form.add("image", filename: "image.png", contentType: "image/png", data: images.startingPicture ?? [])
        form.add("mask", filename: "mask.png", contentType: "image/png", data: images.mask ?? [])
        form.add("prompt", PromptText.positive(conditioning))
        if let model { form.add("model", model) }
        form.add("n", "1")
        form.add("size", size.description)
        if sendsResponseFormat { form.add("response_format", "b64_json") }
        return form
    }

    /// The source (fitted, on white) or a white page, with the sketch's lines darkened onto it
    /// when `withSketch`.
    static func startingPicture(_ conditioning: Conditioning, withSketch: Bool) -> RasterImage {
        let size = conditioning.size
        var picture = RemoteImages.sourceImage(conditioning) ?? RasterImage(width: size.width, height: size.height, format: .rgb, filledWith: 255)
        if withSketch, let map = conditioning.guidance {
            let guide = map.image.converted(to: .gray, background: .black)
            let inverted = map.polarity == .blackOnWhite
            for i in 0..<(size.width * size.height) {
                // Darken where the lines are, whichever way round the map was rendered.
                let keep = inverted ? Int(guide.pixels[i]) : 255 - Int(guide.pixels[i])
                for ch in 0..<3 { picture.pixels[3 * i + ch] = UInt8(Int(picture.pixels[3 * i + ch]) * keep / 255) }
            }
        }
        return picture
    }

}
