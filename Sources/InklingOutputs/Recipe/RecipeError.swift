/// Why a recipe could not be read from a PNG, or used.
///
/// Each ``description`` is one line saying what is wrong and what to do.
public enum RecipeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read or is not a PNG; the payload says why.
    case unreadable(String)
    /// The PNG has no `inkling:recipe` chunk: it was not made by `inkling render`, or its
    /// metadata was stripped by another tool.
    case missingRecipe
    /// The `inkling:recipe` chunk is not a recipe's JSON object (not JSON, too large or deep,
    /// not an object, another format); the payload says what and where.
    case malformedJSON(String)
    /// The recipe was written by a newer layout than this build reads.
    case unsupportedVersion(Int)
    /// A required field is absent; the payload is its JSON path (`guidance.strength`).
    case missingField(String)
    /// A field has the wrong type or an out-of-range value, or is not a recipe's field; the
    /// payload is its JSON path and what was expected and found (`expected a number within
    /// 0…1, got 2`).
    case invalidField(String, reason: String)
    /// The stored drawing JSON does not decode; the payload is the decoder's message.
    case drawingInvalid(String)
    /// The stored drawing JSON does not match its SHA-256: the recipe was edited or damaged.
    case drawingHashMismatch
    /// The `inkling:source` chunk is not a base64 PNG of the recorded size; the payload says why.
    case sourceInvalid(String)
    /// The embedded source pixels do not match the recorded SHA-256.
    case sourceHashMismatch
    /// Replay needs the source image but the output did not embed it.
    case sourceNotEmbedded

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .unreadable(let why):
            "cannot read the image: \(why)"
        case .missingRecipe:
            "no inkling:recipe chunk: the PNG was not made by inkling render, or a tool stripped its metadata"
        case .malformedJSON(let why):
            "the inkling:recipe chunk is not valid recipe JSON (\(why)); the file was damaged or edited"
        case .unsupportedVersion(let version):
            "recipe format \(version) is newer than this build reads (\(Recipe.formatVersion)); upgrade Inkling"
        case .missingField(let name):
            "the recipe has no \(name) field; the file was damaged or edited"
        case .invalidField(let name, let reason):
            "the recipe's \(name) field is invalid: \(reason)"
        case .drawingInvalid(let why):
            "the recipe's drawing is not valid stroke JSON: \(why)"
        case .drawingHashMismatch:
            "the recipe's drawing does not match its SHA-256; the file was damaged or edited"
        case .sourceInvalid(let why):
            "the embedded source image (inkling:source) is unusable: \(why)"
        case .sourceHashMismatch:
            "the embedded source image does not match its SHA-256; the file was damaged or edited"
        case .sourceNotEmbedded:
            "the recipe uses a source image that was not embedded; render again with the source embedded to replay"
        }
    }
}
