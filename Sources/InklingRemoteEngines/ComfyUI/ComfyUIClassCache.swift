import InklingBase
import InklingEngines

/// The node class descriptions (`GET /object_info/{class}`) one engine fetched, kept for its
/// life so each class is asked for once. Classes the server lacks are not kept: they may be
/// installed later.
actor ComfyUIClassCache {
    private var classes: [String: JSONValue] = [:]

    /// The description of `name`, `nil` when the server does not list it.
    func info(_ name: String, client: ComfyUIClient) async throws -> JSONValue? {
        if let known = classes[name] { return known }
        let json = try await client.http.json("GET", "/object_info/\(Self.escaped(name))")
        guard let info = json[name], info.object != nil else { return nil }
        classes[name] = info
        return info
    }

    /// A class name as one path segment (custom nodes' names hold spaces, `|` and more).
    static func escaped(_ name: String) -> String {
        var allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        allowed.remove(UInt8(ascii: "/"))
        return name.utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}
