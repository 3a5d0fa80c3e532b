// libFuzzer target for the Redis URL parser (product fuzz-redis-url): the input's bytes, as
// UTF-8 text (invalid sequences replaced), through `RedisURL(parsing:environment:)` with an
// empty environment.
//
// Properties checked on every input:
// - a refusal is `.invalidURL` with one line that starts with "redis URL: " and is at most 300
//   characters, however long the input;
// - an accepted URL has a port of 1…65535, a database in `RedisURL.databaseRange`, a non-empty
//   host or an absolute unix path of at most 107 bytes, and no empty user or password;
// - its description does not depend on the password (which is always `***`);
// - without the password, the description parses back to the same URL.

import InklingFuzzSupport
import InklingRedis

/// Parses one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedisURL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    let url: RedisURL
    do {
        url = try RedisURL(parsing: text, environment: [:])
    } catch {
        guard case .invalidURL(let message) = error else { Fuzz.fail("refused with \(error), not invalidURL") }
        Fuzz.requireOneLine(message, "refusal")
        if !message.hasPrefix("redis URL: ") { Fuzz.fail("refusal without the prefix: \(message.debugDescription)") }
        if message.count > 300 { Fuzz.fail("refusal of \(message.count) characters") }
        return 0
    }
    switch url.endpoint {
    case .tcp(let host, let port):
        if host.isEmpty || port == 0 { Fuzz.fail("accepted host \(host.debugDescription) port \(port)") }
    case .unix(let path):
        if path.utf8.first != UInt8(ascii: "/") || path.utf8.count > 107 { Fuzz.fail("accepted socket path \(path.debugDescription)") }
    }
    if !RedisURL.databaseRange.contains(url.database) { Fuzz.fail("accepted database \(url.database)") }
    if url.user == "" || url.password == "" { Fuzz.fail("accepted an empty user or password") }
    var other = url
    other.password = url.password == nil ? nil : "a different password"
    if other.description != url.description { Fuzz.fail("the description depends on the password: \(url.description.debugDescription)") }
    Fuzz.requireOneLine(url.description, "description")
    var withoutPassword = url
    withoutPassword.password = nil
    do {
        let again = try RedisURL(parsing: withoutPassword.description, environment: [:])
        if again != withoutPassword { Fuzz.fail("\(withoutPassword.description.debugDescription) reads back as \(again)") }
    } catch {
        Fuzz.fail("the description \(withoutPassword.description.debugDescription) does not parse: \(error)")
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
