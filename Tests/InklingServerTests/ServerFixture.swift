import InklingJobs
import Foundation
import InklingServer

/// Starts servers on a free loopback port for one test, with test-sized limits.
enum ServerFixture {
    /// A configuration on 127.0.0.1, port 0, with short timeouts.
    static func configuration(_ change: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var c = ServerConfiguration()
        c.host = "127.0.0.1"
        c.port = 0
        c.connectionTimeout = 2
        c.maxBodyBytes = 1 << 20
        c.tokensPerSecond = 1000
        c.burst = 1000
        change(&c)
        return c
    }

    static func start(_ change: (inout ServerConfiguration) -> Void = { _ in }) throws -> InklingServer {
        try InklingServer(configuration: configuration(change))
    }

    /// The bundled tablet drawing as canonical JSON bytes.
    static var houseBytes: [UInt8] {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Strokes/tablet-pen-house.json")
            return [UInt8](try Data(contentsOf: url))
        }
    }

    /// The bundled tablet drawing as a JSON object.
    static var house: Any {
        get throws { try JSONSerialization.jsonObject(with: Data(try houseBytes)) }
    }

    /// A small Pointer Events recording: one pen stroke, a diagonal.
    static var pointerEvents: [[String: Any]] {
        var events: [[String: Any]] = [["type": "pointerdown", "pointerId": 1, "pointerType": "pen", "x": 10, "y": 10, "pressure": 0.4, "timeStamp": 0]]
        for i in 1...20 {
            events.append(["type": "pointermove", "pointerId": 1, "pointerType": "pen", "x": 10 + i * 9, "y": 10 + i * 7, "pressure": 0.6, "tiltX": 20, "tiltY": -10, "timeStamp": Double(i) * 8])
        }
        events.append(["type": "pointerup", "pointerId": 1, "pointerType": "pen", "x": 190, "y": 150, "pressure": 0, "timeStamp": 170])
        return events
    }
}
