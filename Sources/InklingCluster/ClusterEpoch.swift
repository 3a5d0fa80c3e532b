import InklingBase
import InklingJobs
import InklingRedis

/// The epoch of the cluster's Redis data, and the ids that carry it.
///
/// Redis restarted without persistence comes back empty: every job and image is gone, and a
/// client asking about one would get a bare 404. So the data carries a name, the `epoch` key (16
/// random hex digits, made by the first member that finds it missing), and every job and image id
/// made in the cluster ends in a 4-digit tag of the epoch it was made under (the other 28 digits
/// stay random: 112 bits). Members note each epoch they saw replaced in the `epochs` set; a front
/// end asked about an id that Redis does not have, tagged with such an earlier epoch, answers
/// `lost` with when and why, rather than 404.
///
/// The tag is no secret and proves nothing: a made-up id with a valid tag is answered `lost`
/// instead of 404, which tells its maker nothing about anyone's jobs.
public struct ClusterEpoch: Sendable, Hashable {
    /// The epoch's name.
    public let name: String

    /// The epoch named `name`.
    public init(name: String) { self.name = name }

    /// A fresh epoch name: 16 random hex digits.
    static func fresh() -> ClusterEpoch { ClusterEpoch(name: String(RandomID.make().prefix(16))) }

    /// An id of the usual form (32 lower-case hex digits) made under this epoch.
    func makeID() -> String {
        let random = String(RandomID.make().prefix(28))
        return random + tag(random)
    }

    /// Whether `id` was made under this epoch.
    func made(_ id: String) -> Bool {
        guard RandomID.isValid(id) else { return false }
        return id.hasSuffix(tag(id.prefix(28)))
    }

    /// The 4 hex digits an id's 28 random ones end in under this epoch.
    private func tag(_ random: some StringProtocol) -> String {
        String(SHA256.hex(of: Array("inkling epoch \(name) \(random)".utf8)).prefix(4))
    }
}

/// An epoch a member saw replaced, and when (seconds since 1970, by Redis's clock).
public struct ReplacedEpoch: Sendable, Hashable {
    /// The epoch that was replaced.
    public var epoch: ClusterEpoch
    /// When a member first saw it replaced.
    public var replacedAt: Double

    /// The `epochs` set as `ZRANGE … WITHSCORES` answers it (name, then milliseconds).
    static func list(from reply: RedisReply) -> [ReplacedEpoch] {
        let items = reply.array ?? []
        return stride(from: 0, to: items.count - 1, by: 2).compactMap { i in
            guard let name = items[i].text, let ms = items[i + 1].text.flatMap(Double.init) else { return nil }
            return ReplacedEpoch(epoch: ClusterEpoch(name: name), replacedAt: ms / 1000)
        }
    }
}
