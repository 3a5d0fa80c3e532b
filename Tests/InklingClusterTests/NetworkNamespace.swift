import Foundation
import XCTest

/// A second host on this machine for the cluster's network tests: a network namespace of its
/// own (`ip netns add`), joined to this one by a veth pair on a private /30, whose link can be
/// cut and healed. Removed (with its link) on deinit.
///
/// Needs Linux, `ip` (iproute2) and the right to make namespaces (root); ``make()`` skips the
/// test, saying why, where there is none.
final class NetworkNamespace: @unchecked Sendable {
    /// iproute2's `ip`.
    static let ip = "/usr/sbin/ip"

    /// The namespace's name.
    let name: String
    /// This side's address on the link (where a server here listens for the namespace).
    let hostAddress: String
    /// The namespace's address on the link.
    let address: String
    /// This side's end of the veth pair.
    private let hostLink: String

    private init(name: String, hostLink: String, hostAddress: String, address: String) {
        self.name = name
        self.hostLink = hostLink
        self.hostAddress = hostAddress
        self.address = address
    }

    /// A fresh namespace and its link (up), or an `XCTSkip` saying why none can be made here.
    static func make() throws -> NetworkNamespace {
        #if os(Linux)
        guard FileManager.default.isExecutableFile(atPath: ip) else { throw XCTSkip("no \(ip) (iproute2): `make deps` installs it") }
        guard getuid() == 0 else { throw XCTSkip("making a network namespace needs root") }
        let random = Int.random(in: 0..<(1 << 14))  // 8 bits for x, 6 for y
        let tag = String(format: "%04x", random)
        // 10.231.x.y/30 with x and y from the random tag, so that runs side by side do not meet.
        let third = random >> 6, fourth = (random & 0x3F) << 2
        let namespace = NetworkNamespace(name: "inkling-test-\(tag)", hostLink: "ink\(tag)h",
                                         hostAddress: "10.231.\(third).\(fourth + 1)", address: "10.231.\(third).\(fourth + 2)")
        do {
            try run(["netns", "add", namespace.name])
        } catch {
            throw XCTSkip("cannot make a network namespace here: \(error)")
        }
        // From here deinit removes the namespace, and with it the link, if a step fails.
        let peer = "ink\(tag)n"
        try run(["link", "add", namespace.hostLink, "type", "veth", "peer", "name", peer])
        try run(["link", "set", peer, "netns", namespace.name])
        try run(["addr", "add", "\(namespace.hostAddress)/30", "dev", namespace.hostLink])
        try run(["link", "set", namespace.hostLink, "up"])
        try run(["netns", "exec", namespace.name, ip, "addr", "add", "\(namespace.address)/30", "dev", peer])
        try run(["netns", "exec", namespace.name, ip, "link", "set", peer, "up"])
        try run(["netns", "exec", namespace.name, ip, "link", "set", "lo", "up"])
        return namespace
        #else
        throw XCTSkip("network namespaces are Linux's")
        #endif
    }

    deinit {
        try? Self.run(["link", "del", hostLink])
        try? Self.run(["netns", "del", name])
    }

    /// Cuts the link: nothing crosses between the namespace and this side until ``heal()``.
    func cut() throws { try Self.run(["link", "set", hostLink, "down"]) }

    /// Brings the link back up.
    func heal() throws { try Self.run(["link", "set", hostLink, "up"]) }

    /// Runs `ip` with `arguments`; throws with what it said when it fails.
    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ip)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "netns", code: Int(process.terminationStatus), userInfo: [
                NSLocalizedDescriptionKey: "ip \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))",
            ])
        }
    }
}
