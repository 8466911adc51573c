import Foundation

/// Lists the files of a directory the way git sees them: tracked, plus untracked but not ignored.
package struct GitFileLister {
    /// The git executable; nil searches `PATH`.
    var executable: String?

    package init(executable: String? = nil) {
        self.executable = executable
    }

    /// Paths relative to `directory`, or nil when git is missing or `directory` is not in a work tree.
    func listFiles(in directory: String) -> [String]? {
        guard Self.mayBeInWorkTree(directory),
            let data = output(of: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: directory)
        else { return nil }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What `git -C directory arguments…` wrote to standard output, or nil when git is missing or
    /// exited with a failure.
    package func output(of arguments: [String], in directory: String) -> Data? {
        guard let git = resolvedExecutable() else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", directory] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // Not `waitUntilExit()`: swift-corelibs-foundation's polls a run loop every 50 ms, which
        // would add up to 50 ms to every scan of a directory.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return nil
        }
        // Read before waiting: a listing larger than the pipe buffer would otherwise deadlock.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        exited.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return data
    }

    /// False when no `.git` entry exists in `directory` or above it and no `GIT_DIR` is set: git
    /// would only fail, and starting it costs more than walking a small tree.
    static func mayBeInWorkTree(_ directory: String) -> Bool {
        if ProcessEnvironment.value(of: "GIT_DIR") != nil { return true }
        var current = FileSystemPath.absolute(directory, relativeTo: FileManager.default.currentDirectoryPath)
        while true {
            if FileManager.default.fileExists(atPath: FileSystemPath.join(current, ".git")) { return true }
            guard current != "/" else { return false }
            current = FileSystemPath.absolute("..", relativeTo: current)
        }
    }

    private func resolvedExecutable() -> String? {
        if let executable {
            return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil
        }
        let searchPath = ProcessEnvironment.value(of: "PATH") ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = FileSystemPath.join(String(directory), "git")
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
