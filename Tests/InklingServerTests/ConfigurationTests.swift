import InklingJobs
import InklingServer
import XCTest

/// Server settings are checked before anything listens; each message names the setting.
final class ConfigurationTests: XCTestCase {
    func testDefaultsAreValidAndLoopback() throws {
        let configuration = ServerConfiguration()
        XCTAssertNoThrow(try configuration.validate())
        XCTAssertEqual(configuration.host, "127.0.0.1")
        XCTAssertEqual(configuration.port, 8080)
    }

    func testInconsistentSettingsAreRefused() {
        let cases: [(String, (inout ServerConfiguration) -> Void)] = [
            ("burst", { $0.burst = 2 }),
            ("rate", { $0.tokensPerSecond = -1 }),
            ("default style", { $0.allowedStyles = [.sketch]; $0.defaultStyle = .emoji }),
            ("at least one style", { $0.allowedStyles = [] }),
            ("body cap", { $0.maxBodyBytes = 10 }),
            ("timeout", { $0.connectionTimeout = 0 }),
            ("guidance side", { $0.maxGuidanceSide = 100_000 }),
        ]
        for (mention, change) in cases {
            var configuration = ServerConfiguration()
            change(&configuration)
            XCTAssertThrowsError(try configuration.validate(), mention) { error in
                XCTAssertTrue("\(error)".contains(mention), "\(error) mentions \(mention)")
            }
        }
        var off = ServerConfiguration()
        off.tokensPerSecond = 0
        off.burst = 1
        XCTAssertNoThrow(try off.validate(), "with limits off the burst does not matter")
    }
}
