import Foundation
import InklingEngines
import XCTest
@testable import Inkling

/// Engine errors become ``ImageCreationError/engineFailed(_:)`` with their kind and words, not
/// a flattened string.
final class EngineFailureMappingTests: XCTestCase {
    func testRemoteErrorsKeepTheirKindThroughTheCreator() {
        let timeout = RemoteEngineError.timedOut(service: "A1111 at http://127.0.0.1:7860", operation: "POST /sdapi/v1/txt2img", seconds: 1,
                                                 setting: "generationTimeoutSeconds")
        guard case .engineFailed(let failure)? = InklingImageCreator.mapped(timeout) as? ImageCreationError else {
            return XCTFail("\(InklingImageCreator.mapped(timeout))")
        }
        XCTAssertEqual(failure.kind, .timeout)
        XCTAssertEqual(failure.message, timeout.description)
        XCTAssertEqual(ImageCreationError.engineFailed(failure).description, "image creation failed: \(timeout.description)")

        let words = RemoteEngineError.generationFailed(service: "ComfyUI at http://127.0.0.1:8188", reason: "CUDA out of memory")
        XCTAssertEqual(ImageCreationError.engine(words), .engineFailed(EngineFailure(kind: .engineError, message: words.description,
                                                                                       engineWords: "CUDA out of memory")))
        XCTAssertEqual(ImageCreationError.engine(EngineFailure(kind: .unreachable, message: "m")), .engineFailed(EngineFailure(kind: .unreachable, message: "m")))
        XCTAssertEqual(ImageCreationError.engine(ImageCreationError.conceptsEmpty), .conceptsEmpty)
        guard case .creationFailed(let reason) = ImageCreationError.engine(BuiltInLikeError()) else { return XCTFail("other errors stay strings") }
        XCTAssertEqual(reason, "the painter broke")
        XCTAssertTrue(InklingImageCreator.mapped(CancellationError()) as? ImageCreationError == .creationCancelled())
    }
}

/// An error that is not a remote engine's.
private struct BuiltInLikeError: Error, CustomStringConvertible {
    var description: String { "the painter broke" }
}
