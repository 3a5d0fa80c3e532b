import InklingJobs

extension JobCancelReason {
    /// How the reason travels to the worker (the job's `cancel` field).
    var code: String {
        switch self {
        case .requested: "requested"
        case .clientGone: "client_gone"
        case .deadline: "deadline"
        case .stopping: "stopping"
        }
    }

    /// Reads ``code`` back (an unknown one counts as requested).
    init(code: String) {
        switch code {
        case "client_gone": self = .clientGone
        case "deadline": self = .deadline
        case "stopping": self = .stopping
        default: self = .requested
        }
    }
}
