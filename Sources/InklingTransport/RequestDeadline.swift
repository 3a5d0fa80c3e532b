/// How long one request may take, and the engine configuration setting that says so (named in
/// the message when the deadline passes).
public struct RequestDeadline: Sendable, Hashable {
    /// Seconds the request may take, from sending to the last byte of the answer.
    public var seconds: Double
    /// The configuration setting that sets ``seconds`` (`generationTimeoutSeconds`,
    /// `timeoutSeconds`); `nil` for a fixed deadline no setting changes.
    public var setting: String?

    /// Creates a deadline.
    public init(seconds: Double, setting: String?) {
        self.seconds = seconds
        self.setting = setting
    }

    /// The setting of the quick calls (status, lists, uploads, queueing): `timeoutSeconds`.
    static let quickSetting = "timeoutSeconds"
    /// The setting of the calls that wait for a generation: `generationTimeoutSeconds`.
    public static let generationSetting = "generationTimeoutSeconds"
}
