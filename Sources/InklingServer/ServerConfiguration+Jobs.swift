import InklingEngines
import InklingJobs
import InklingLimits

extension LocalJobs {
    /// Jobs for `engine` with the limits of a server's `configuration`.
    public convenience init(configuration: ServerConfiguration, engine: any ImageEngine) {
        self.init(limits: configuration.jobLimits, engine: engine)
    }
}

extension LocalUsageLimits {
    /// The limits `configuration` asks for (`--rate`, `--burst`).
    public convenience init(configuration: ServerConfiguration) {
        self.init(rate: configuration.tokensPerSecond, capacity: configuration.burst)
    }
}
