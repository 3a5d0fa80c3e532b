import InklingRedis
import XCTest

/// The RedisError `body` throws, or `nil` (then the test fails) when it returns or throws something else.
func redisError<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> RedisError? {
    do {
        let value = try body()
        XCTFail("expected a RedisError, got \(value)", file: file, line: line)
        return nil
    } catch {
        return asRedisError(error, file: file, line: line)
    }
}

/// The RedisError the async `body` throws, or `nil` (then the test fails) when it returns or throws something else.
func redisError<T>(_ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> RedisError? {
    do {
        let value = try await body()
        XCTFail("expected a RedisError, got \(value)", file: file, line: line)
        return nil
    } catch {
        return asRedisError(error, file: file, line: line)
    }
}

/// `error` as a RedisError, or `nil` (then the test fails).
func asRedisError(_ error: any Error, file: StaticString = #filePath, line: UInt = #line) -> RedisError? {
    guard let redisError = error as? RedisError else {
        XCTFail("expected a RedisError, got \(error)", file: file, line: line)
        return nil
    }
    return redisError
}

/// The payload of `.connectionLost`, or `nil` (then the test fails) for anything else.
func lostConnection(_ error: (any Error)?, file: StaticString = #filePath, line: UInt = #line) -> String? {
    guard case .connectionLost(let message) = error as? RedisError else {
        XCTFail("expected connectionLost, got \(String(describing: error))", file: file, line: line)
        return nil
    }
    return message
}

/// `text` as bytes, for comparing bulk strings.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
