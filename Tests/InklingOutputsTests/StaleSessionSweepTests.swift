import Foundation
import XCTest
@testable import InklingOutputs

/// Session directories of dead processes are swept; live ones, foreign names and links stay.
final class StaleSessionSweepTests: XCTestCase {
    /// A fresh parent folder, removed after the test.
    private func parentFolder() throws -> URL {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: parent) }
        return parent
    }

    /// A pid that has certainly ended: a child that ran and was reaped.
    private func deadPID() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    func testDeadProcessesDirectoriesGoLiveOnesStay() throws {
        let parent = try parentFolder()
        let pid = try deadPID()
        let dead = StaleSessionSweep.directoryName(pid: pid)
        let mine = StaleSessionSweep.directoryName()
        let init1 = StaleSessionSweep.directoryName(pid: 1)
        for name in [dead, mine, init1, "inkling-notapid-x", "unrelated"] {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        try Data([1]).write(to: parent.appendingPathComponent(dead).appendingPathComponent("left.png"))
        // A link named like a stale session: never followed, never removed.
        let target = parent.appendingPathComponent("unrelated")
        let deadLink = StaleSessionSweep.directoryName(pid: pid)
        try FileManager.default.createSymbolicLink(at: parent.appendingPathComponent(deadLink), withDestinationURL: target)

        XCTAssertEqual(StaleSessionSweep.sweep(parent: parent), 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        XCTAssertEqual(left, [mine, init1, "inkling-notapid-x", "unrelated", deadLink])
    }

    func testANewSessionSweepsBeforeItWrites() throws {
        let parent = try parentFolder()
        let stale = parent.appendingPathComponent(StaleSessionSweep.directoryName(pid: try deadPID()))
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: false)

        let session = OutputSession(parent: parent)
        XCTAssertTrue(session.directory.lastPathComponent.hasPrefix("inkling-\(getpid())-"))
        _ = try session.write(RecipeFixtures.gradient(), recipe: try RecipeFixtures.recipe(), name: "a.png")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        session.removeAll()
    }
}
