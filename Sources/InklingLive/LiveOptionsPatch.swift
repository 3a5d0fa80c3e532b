import InklingBase
import InklingConditioning
import InklingJobs

/// The `options` object of a `start` or `set` message: the keys of `/v1/generations`'s
/// `options` (``GenerationOptionsCodec``), checked when the message was decoded and applied
/// over a session's options later by the same codec, so each option has one name, one range
/// and one rule everywhere.
public struct LiveOptionsPatch: Sendable, Hashable {
    /// The object as sent; only ``GenerationOptionsCodec/keys``.
    public let json: JSONValue

    /// Checks `node` (an `options` object) by applying it to default options, and keeps it.
    /// Errors are 400 `invalid_message` naming the field (`options.strength: expected …`).
    init(checking node: JSONNode) throws(APIError) {
        var scratch = GenerationOptions()
        try Self.read(node, into: &scratch)
        json = node.value
    }

    /// A patch of the given options object (for code that builds messages itself); checked
    /// when applied.
    public init(_ json: JSONValue) {
        self.json = json
    }

    /// `options` with this patch applied: each field the patch has replaces the option, and
    /// the rules between options hold (a guidance end before its start is refused).
    public func applied(to options: GenerationOptions) throws(APIError) -> GenerationOptions {
        var writer = JSONWriter()
        writer.openObject()
        writer.key("options")
        writer.value(json)
        writer.closeObject()
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(writer.bytes, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 8, maxValues: 4096, maxArrayCount: 64))
        } catch {
            throw APIError(400, "invalid_message", "options: \(error.message)")
        }
        guard let node = document.root.member("options") else {
            throw APIError(400, "invalid_message", "options: expected an object")
        }
        var result = options
        try Self.read(node, into: &result)
        return result
    }

    /// Reads an `options` object into `options` through the one codec.
    private static func read(_ node: JSONNode, into options: inout GenerationOptions) throws(APIError) {
        do {
            let fields = try JSONFields(node, allowed: GenerationOptionsCodec.keys)
            try GenerationOptionsCodec.read(fields, into: &options)
        } catch {
            throw LiveMessageError.message(error)
        }
    }
}
