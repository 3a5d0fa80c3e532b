import Foundation
import InklingEngines
import XCTest

/// The `flavor` of an `openai` engine in the configuration file.
final class EngineFlavorConfigurationTests: XCTestCase {
    private func parse(_ engine: String) throws -> EngineEntry {
        let text = "{\"version\": 1, \"engines\": {\"sd\": \(engine)}}"
        let configuration = try EngineConfiguration.parse(Array(text.utf8), path: "engines.json")
        guard let entry = configuration.engines.first else { throw EngineConfigurationError.malformed(path: "engines.json", reason: "no engine") }
        return entry
    }

    func testFlavorIsReadOrImpliedByTheModel() throws {
        XCTAssertEqual(try parse(#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234", "flavor": "sd-server"}"#).flavor, .sdServer)
        XCTAssertEqual(try parse(#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234", "flavor": "openai"}"#).flavor, .openai)
        XCTAssertEqual(try parse(#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234"}"#).flavor, .openai)
        XCTAssertEqual(try parse(#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234", "models": {"model": "sd-cpp-local"}}"#).flavor, .sdServer)
        XCTAssertEqual(try parse(#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234", "models": {"model": "sd-cpp-local"}, "flavor": "openai"}"#).flavor,
                       .openai, "a configured flavour wins")
    }

    func testBadFlavorsAreOneLineErrors() {
        let cases = [
            (#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234", "flavor": "sdcpp"}"#, "unknown flavor \"sdcpp\"; expected openai, sd-server"),
            (#"{"kind": "automatic1111", "endpoint": "http://127.0.0.1:1234", "flavor": "sd-server"}"#, "only an openai engine has a flavor"),
            (#"{"kind": "openai", "endpoint": "http://127.0.0.1:1234", "flavor": 1}"#, "engines.sd.flavor"),
        ]
        for (text, fragment) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(fragment), message)
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
    }
}
