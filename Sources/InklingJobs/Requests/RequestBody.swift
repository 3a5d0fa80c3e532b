import InklingBase

/// A `POST /v1/generations` body parsed once (``JSONSetAsideDocument``): the drawing, when an
/// object or an array, set aside as its bytes for the same decoding `POST /v1/guidance` does;
/// the rest parsed under the request's budget. Refusals are 400 `invalid_json`.
package struct RequestBody {
    /// The body's tree: an object, the set-aside value (if any) replaced by `0`.
    package let document: JSONDocument
    /// The bytes of the set-aside value: an object or an array, not yet checked in any way.
    package let setAside: ArraySlice<UInt8>?
    /// What the one pass over the body counted in the set-aside value.
    package let setAsideScan: JSONNesting.Member?

    /// Parses `body` within `limits`, setting aside the value of `key`. Throws 400
    /// `invalid_json` for an empty body, JSON the reader refuses (syntax, nesting, budget) and a
    /// body that is not an object.
    init(parsing body: [UInt8], settingAside key: String, limits: JSONLimits) throws(APIError) {
        guard !body.isEmpty else {
            throw APIError(400, "invalid_json", "the request body is empty; send a JSON object (see /openapi.json)")
        }
        let parsed: JSONSetAsideDocument
        do {
            parsed = try JSONSetAsideDocument(parsing: body, settingAside: key, limits: limits)
        } catch {
            throw APIError(400, "invalid_json", "the request body is not a JSON object this server can read: \(error.message); send a JSON object (see /openapi.json)")
        }
        let root = parsed.document.root
        guard root.kind == .object else {
            throw APIError(400, "invalid_json", "the request body must be a JSON object, got \(root.typeName) (\(root.excerpt))")
        }
        document = parsed.document
        setAside = parsed.setAside
        setAsideScan = parsed.setAsideScan
    }
}
