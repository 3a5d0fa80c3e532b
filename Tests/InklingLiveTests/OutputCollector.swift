import Foundation
import InklingLive

/// A session's outputs, read once it has closed (its stream then holds everything it sent and
/// ends): no task races the session.
struct OutputCollector {
    /// Everything the session sent, in order.
    private(set) var outputs: [LiveOutput] = []
    private let session: LiveSession

    /// Reads `session`'s outputs when ``finished()`` is called.
    init(_ session: LiveSession) {
        self.session = session
    }

    /// Reads the stream to its end; call after the session closed.
    mutating func finished() async -> [LiveOutput] {
        for await output in session.outputs { outputs.append(output) }
        return outputs
    }

    /// The revisions of the frames, in order.
    var frameRevisions: [Int] {
        outputs.compactMap { output -> Int? in
            if case .frame(let revision, _, _, _, _) = output.message { return revision }
            return nil
        }
    }

    /// The state reports, in order.
    var states: [LiveStateReport] {
        outputs.compactMap { output -> LiveStateReport? in
            if case .state(let report) = output.message { return report }
            return nil
        }
    }

    /// The error codes, in order.
    var errors: [String] {
        outputs.compactMap { output -> String? in
            if case .error(let error) = output.message { return error.code }
            return nil
        }
    }
}
