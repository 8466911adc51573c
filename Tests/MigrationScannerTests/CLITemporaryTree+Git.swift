import Foundation

/// A git command that exited with a status other than 0.
struct GitCommandFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "git \(arguments.joined(separator: " ")) exited \(status)" }
}

extension CLITemporaryTree {
    /// Runs git with a test identity in `directory` (the root when nil), quietly; throws unless it exits 0.
    func git(_ arguments: [String], in directory: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid",
            "-c", "init.defaultBranch=main", "-C", directory ?? root] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GitCommandFailure(arguments: arguments, status: process.terminationStatus) }
    }

    /// `git init`, everything added and committed as `message`.
    func commitAll(_ message: String, initialising: Bool = false) throws {
        if initialising { try git(["init", "-q"]) }
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", message])
    }
}
