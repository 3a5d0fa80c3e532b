import InklingConditioning
import InklingEngines
import InklingImageIO

/// The images an external engine is sent, as PNG bytes, and the images it returns, decoded.
enum RemoteImages {
    /// The guidance map at the output size: 8-bit gray, white lines on black, no alpha — what
    /// ControlNet scribble/lineart models and T2I sketch adapters expect. `nil` without a drawing.
    static func guidancePNG(_ conditioning: Conditioning) throws -> [UInt8]? {
        guard let map = conditioning.guidance else { return nil }
        return try PNGCodec.encode(PNGDocument(image: map.image.converted(to: .gray, background: .black)))
    }

    /// ``guidancePNG(_:)`` with three equal channels (8-bit RGB, no alpha): for servers that load
    /// a control image with three channels and refuse a gray one (stable-diffusion.cpp's
    /// `sd-server`: "the number of channels for the input image must be >= 3"). `nil` without a
    /// drawing.
    static func guidanceRGBPNG(_ conditioning: Conditioning) throws -> [UInt8]? {
        guard let map = conditioning.guidance else { return nil }
        return try PNGCodec.encode(PNGDocument(image: map.image.converted(to: .gray, background: .black).converted(to: .rgb)))
    }

    /// The source image fitted (uniformly scaled, centred, letterboxed on white, like the
    /// guidance map's default fit) into the output size, flattened to RGB. `nil` without one.
    static func sourceImage(_ conditioning: Conditioning) -> RasterImage? {
        guard let source = conditioning.source?.image else { return nil }
        let size = conditioning.size
        let transform = PixelTransform.fitting(sourceWidth: source.width, sourceHeight: source.height, into: size.width, height: size.height)
        return source.drawn(into: size.width, height: size.height, transform: transform, background: .white)
    }

    /// ``sourceImage(_:)`` as PNG bytes.
    static func sourcePNG(_ conditioning: Conditioning) throws -> [UInt8]? {
        guard let image = sourceImage(conditioning) else { return nil }
        return try PNGCodec.encode(PNGDocument(image: image))
    }

    /// A `size` image of one gray level, as PNG: what a workflow's LoadImage gets when the
    /// request has no sketch or source to fill it with.
    static func blankPNG(_ size: PixelSize, gray: UInt8) throws -> [UInt8] {
        try PNGCodec.encode(PNGDocument(image: RasterImage(width: size.width, height: size.height, format: .gray, filledWith: gray)))
    }

    /// Decodes a returned image (PNG or JPEG); a wrong size is resampled to the requested one.
    static func decode(_ bytes: [UInt8], size: PixelSize, service: String, operation: String) throws -> RasterImage {
        try decodeKeeping(bytes, size: size, service: service, operation: operation).image
    }

    /// ``decode(_:size:service:operation:)``, with `bytes` kept as `png` when they are a PNG of the
    /// requested size (whether they can serve as the result is for
    /// ``PNGCodec/replacingText(in:with:width:height:format:)`` to say), `nil` otherwise.
    static func decodeKeeping(_ bytes: [UInt8], size: PixelSize, service: String, operation: String) throws -> (image: RasterImage, png: [UInt8]?) {
        let image: RasterImage
        do {
            image = try ImageFile.decode(bytes, name: "the returned image")
        } catch {
            throw RemoteEngineError.malformedResponse(service: service, operation: operation, reason: "the image cannot be decoded: \(error.description)")
        }
        guard image.width != size.width || image.height != size.height else {
            return (image, ImageFile.format(of: bytes) == .png ? bytes : nil)
        }
        return (image.resampled(width: size.width, height: size.height), nil)
    }
}
