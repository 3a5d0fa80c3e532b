/// What `inkling serve` serves HTTPS with: a PEM private key and its certificate (chain). The
/// key must not be encrypted (GnuTLS reads it as it is).
public struct TLSIdentity: Sendable, Hashable {
    /// The PEM private key.
    public var key: String
    /// The PEM certificate, the server's first, then its chain.
    public var certificate: String

    /// An identity from PEM texts.
    public init(key: String, certificate: String) {
        self.key = key
        self.certificate = certificate
    }
}
