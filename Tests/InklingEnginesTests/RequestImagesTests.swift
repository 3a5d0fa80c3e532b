import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
@testable import InklingRemoteEngines
import XCTest

/// The A1111 and OpenAI-compatible (`sd-server` included) payload builders send the pictures
/// encoded once per request (``RequestImages``) and encode nothing per variation: given marked
/// bytes, every variation carries exactly those.
final class RequestImagesTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1:9")!
    private let sketchAndSource = RemoteFixtures.conditioning(source: RemoteFixtures.photo)

    func testA1111PreparesTheMapAndSourceAndReusesThem() throws {
        let payload = Automatic1111Payload(entry: RemoteFixtures.entry(.automatic1111, url))
        let prepared = try payload.images(sketchAndSource)
        XCTAssertEqual(prepared.guidanceBase64, Data(try XCTUnwrap(RemoteImages.guidancePNG(sketchAndSource))).base64EncodedString())
        XCTAssertEqual(prepared.sourceBase64, Data(try XCTUnwrap(RemoteImages.sourcePNG(sketchAndSource))).base64EncodedString())
        let marked = RequestImages(guidanceBase64: "GUIDE-ONCE", sourceBase64: "SOURCE-ONCE")
        for variation in 0..<3 {
            let (path, body) = payload.request(sketchAndSource, variation: variation, images: marked)
            XCTAssertEqual(path, "/sdapi/v1/img2img")
            XCTAssertEqual(body["init_images"]?.array?.first?.string, "SOURCE-ONCE")
            XCTAssertEqual(body["alwayson_scripts"]?["controlnet"]?["args"]?.array?.first?["image"]?.string, "GUIDE-ONCE")
        }
        let plain = try payload.images(RemoteFixtures.conditioning(drawing: false))
        XCTAssertNil(plain.guidanceBase64)
        XCTAssertNil(plain.sourceBase64)
    }

    func testOpenAIPreparesThePictureAndMaskAndReusesThem() throws {
        let prepared = try OpenAIImagesRequest.images(sketchAndSource)
        let picture = OpenAIImagesRequest.startingPicture(sketchAndSource, withSketch: true)
        XCTAssertEqual(prepared.startingPicture, try PNGCodec.encode(PNGDocument(image: picture)))
        XCTAssertEqual(try PNGCodec.decode(try XCTUnwrap(prepared.mask)).image.format, .rgba)
        let marked = RequestImages(startingPicture: Array("PICTURE-ONCE".utf8), mask: Array("MASK-ONCE".utf8))
        let form = OpenAIImagesRequest(model: "dall-e-2").editsForm(sketchAndSource, images: marked)
        let text = String(decoding: form.body, as: UTF8.self)
        XCTAssertTrue(text.contains("PICTURE-ONCE"))
        XCTAssertTrue(text.contains("MASK-ONCE"))
        XCTAssertNil(try OpenAIImagesRequest.images(RemoteFixtures.conditioning(drawing: false)).startingPicture, "generations upload nothing")
    }

    func testSDServerPreparesTheMapAndPictureAndReusesThem() throws {
        var entry = RemoteFixtures.entry(.openai, url, models: EngineModels(controlNet: "control_v11p_sd15_scribble.safetensors"))
        entry.flavor = .sdServer
        let request = SDServerRequest(entry: entry)
        let sketch = RemoteFixtures.conditioning()
        let prepared = try request.images(sketch)
        XCTAssertEqual(prepared.guidanceBase64, Data(try XCTUnwrap(RemoteImages.guidanceRGBPNG(sketch))).base64EncodedString(),
                       "the map as RGB: sd-server refuses a 1-channel control image")
        XCTAssertNil(prepared.startingPicture, "with a ControlNet and no source, nothing is uploaded as a picture")
        let marked = RequestImages(guidanceBase64: "GUIDE-ONCE", startingPicture: Array("PICTURE-ONCE".utf8))
        for variation in 0..<3 {
            XCTAssertEqual(request.extraArguments(sketch, variation: variation, images: marked)["control_image"]?.string, "GUIDE-ONCE")
            let form = request.editsForm(sketchAndSource, variation: variation, images: marked)
            XCTAssertTrue(String(decoding: form.body, as: UTF8.self).contains("PICTURE-ONCE"))
        }
        let withSource = try request.images(sketchAndSource)
        let picture = OpenAIImagesRequest.startingPicture(sketchAndSource, withSketch: false)
        XCTAssertEqual(withSource.startingPicture, try PNGCodec.encode(PNGDocument(image: picture)))
    }
}
