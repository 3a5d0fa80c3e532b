import Foundation
import InklingImageIO

extension Recipe {
    /// Keyword of the chunk holding the recipe JSON.
    public static let recipeKeyword = "inkling:recipe"
    /// Keyword of the chunk holding the source image, base64 of a PNG.
    public static let sourceKeyword = "inkling:source"

    /// The PNG text chunks that carry this recipe: `Software`, `Description` (one line for
    /// people), `inkling:recipe` (the JSON) and, when the source pixels are kept and fit,
    /// `inkling:source`.
    ///
    /// PNG writes ASCII-only text as `tEXt` and other text as UTF-8 `iTXt`, so a recipe with a
    /// non-ASCII prompt lands in an `iTXt` chunk; text of more than 1 KiB (the recipe, with its
    /// drawing, nearly always) is compressed: `zTXt`, or `iTXt` with its compression flag set
    /// (``PNGTextCompression``). Readers accept all of them.
    public func textChunks() -> [PNGTextChunk] {
        textChunks(sourceChunk: source?.image.flatMap(Self.sourceChunk))
    }

    /// ``textChunks()`` with the `inkling:source` chunk made already (``sourceChunk(_:)``), so the
    /// variations of one request encode their shared source once; `nil` leaves the pixels out.
    public func textChunks(sourceChunk: PNGTextChunk?) -> [PNGTextChunk] {
        var recipe = self
        if sourceChunk == nil { recipe.source?.image = nil }
        var chunks = [
            PNGTextChunk(keyword: "Software", text: "Inkling \(inklingVersion) (\(engine) engine)"),
            PNGTextChunk(keyword: "Description", text: Self.singleLine(summary)),
            PNGTextChunk(keyword: Self.recipeKeyword, text: recipe.jsonText()),
        ]
        if let sourceChunk, source?.image != nil { chunks.append(sourceChunk) }
        return chunks
    }

    /// The `inkling:source` chunk of a source image (base64 of its PNG at zlib 9), `nil` when
    /// it would be larger than ``RecipeSource/maximumEmbeddedBytes``.
    public static func sourceChunk(_ image: RasterImage) -> PNGTextChunk? {
        guard let bytes = try? PNGCodec.encode(PNGDocument(image: image), compressionLevel: 9) else { return nil }
        let text = Data(bytes).base64EncodedString()
        guard text.utf8.count <= RecipeSource.maximumEmbeddedBytes else { return nil }
        return PNGTextChunk(keyword: sourceKeyword, text: text)
    }

    /// Reads the recipe (and any embedded source image) from a decoded PNG.
    ///
    /// - Throws: ``RecipeError/missingRecipe`` when there is no `inkling:recipe` chunk, otherwise
    ///   the errors of ``init(json:sourceImage:)`` and ``RecipeError/sourceInvalid(_:)``.
    public init(document: PNGDocument) throws(RecipeError) {
        try self.init(textChunks: document.text)
    }

    /// Reads the recipe (and any embedded source image) from a PNG's text chunks.
    ///
    /// - Throws: as ``init(document:)``.
    public init(textChunks: [PNGTextChunk]) throws(RecipeError) {
        func text(_ keyword: String) -> String? { textChunks.first { $0.keyword == keyword }?.text }
        guard let json = text(Self.recipeKeyword) else { throw .missingRecipe }
        var source: RasterImage?
        if let text = text(Self.sourceKeyword) {
            guard let data = Data(base64Encoded: text) else { throw .sourceInvalid("not base64") }
            do {
                source = try PNGCodec.decode([UInt8](data)).image
            } catch {
                throw .sourceInvalid(error.description)
            }
        }
        try self.init(json: json, sourceImage: source)
    }

    /// Reads the recipe of the PNG file at `url` from its text chunks, decoding none of the
    /// image's pixels (`inkling render` writes the recipe before the image data).
    ///
    /// - Throws: ``RecipeError/unreadable(_:)`` when the file is missing or not a PNG, else as
    ///   ``init(document:)``.
    public static func read(from url: URL) throws(RecipeError) -> Recipe {
        try Recipe(textChunks: textChunks(of: url))
    }

    /// The recipe of the PNG file at `url` and the file's bytes, read once: a replay also needs
    /// to know how the file was compressed (``OutputEncoding/of(png:)``).
    ///
    /// - Throws: as ``read(from:)``.
    public static func readWithBytes(from url: URL) throws(RecipeError) -> (recipe: Recipe, png: [UInt8]) {
        let bytes = try pngBytes(at: url)
        return (try Recipe(textChunks: textChunks(in: bytes)), bytes)
    }

    /// The text chunks of the PNG file at `url` (those before its image data), decoding none
    /// of its pixels.
    ///
    /// - Throws: ``RecipeError/unreadable(_:)`` when the file is missing or not a PNG.
    public static func textChunks(of url: URL) throws(RecipeError) -> [PNGTextChunk] {
        try textChunks(in: pngBytes(at: url))
    }

    /// The bytes of the PNG file at `url` (``PNGFile/bytes(at:maxBytes:)``).
    private static func pngBytes(at url: URL) throws(RecipeError) -> [UInt8] {
        do {
            return try PNGFile.bytes(at: url)
        } catch {
            throw unreadable(error)
        }
    }

    /// The text chunks of a PNG file's `bytes`, decoding none of its pixels.
    private static func textChunks(in bytes: [UInt8]) throws(RecipeError) -> [PNGTextChunk] {
        do {
            return try PNGCodec.decodeText(bytes)
        } catch {
            throw unreadable(error)
        }
    }

    /// The caller names the file; an I/O error says only what is wrong with it.
    private static func unreadable(_ error: PNGError) -> RecipeError {
        if case .io(_, let reason) = error { return .unreadable(reason) }
        return .unreadable(error.description)
    }

    private static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
