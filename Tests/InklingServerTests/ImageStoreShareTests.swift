@testable import InklingJobs
import XCTest

/// One client cannot lock everyone out of the image store: each has a share (a quarter of the
/// store by default); the one over its share is refused `429 storage_share_full` while the others
/// keep storing, and its room comes back as its images are downloaded.
final class ImageStoreShareTests: XCTestCase {
    func testAClientOverItsShareIsRefusedAloneWhileOthersStore() throws {
        let store = ImageStore(ttl: 60, maxBytes: 4000)  // a share of 1000
        let image = [UInt8](repeating: 7, count: 900)
        let first = try store.insert(image, client: "address 10.0.0.1")
        XCTAssertThrowsError(try store.insert(image, client: "address 10.0.0.1")) { error in
            XCTAssertEqual((error as? APIError)?.code, "storage_share_full")
            XCTAssertEqual((error as? APIError)?.status, 429)
        }
        for other in ["address 10.0.0.2", "address 10.0.0.3", "key ab"] {
            XCTAssertNoThrow(try store.insert(image, client: other), "\(other) still stores")
        }
        XCTAssertNotNil(store.take(first))
        XCTAssertNoThrow(try store.insert(image, client: "address 10.0.0.1"), "a download gives its room back")
        // A client holding nothing may store one image larger than its share.
        let small = ImageStore(ttl: 60, maxBytes: 4000)
        XCTAssertNoThrow(try small.insert([UInt8](repeating: 1, count: 1500), client: "address 10.0.0.9"))
        XCTAssertThrowsError(try small.insert([UInt8](repeating: 1, count: 10), client: "address 10.0.0.9"))
        // The whole store still has its own limit for everyone.
        XCTAssertThrowsError(try store.insert(image, client: "address 10.0.0.4")) { error in
            XCTAssertEqual((error as? APIError)?.code, "storage_full")
        }
    }
}
