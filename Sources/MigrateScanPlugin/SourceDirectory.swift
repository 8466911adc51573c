import Foundation

/// Directory arithmetic on absolute paths: where a target's sources live, what contains them all,
/// and which package that is.
enum SourceDirectory {
    /// The deepest directory holding every file in `files`; nil for none.
    static func common(of files: [URL]) -> String? {
        common(ofDirectories: files.map { $0.deletingLastPathComponent().standardizedFileURL.path })
    }

    /// The deepest directory that is or contains each of `directories`; nil for none.
    static func common(ofDirectories directories: [String]) -> String? {
        guard var prefix = directories.first.map(components) else { return nil }
        for directory in directories.dropFirst() {
            let parts = components(directory)
            var shared = 0
            while shared < min(prefix.count, parts.count) && prefix[shared] == parts[shared] { shared += 1 }
            prefix = Array(prefix.prefix(shared))
        }
        return "/" + prefix.joined(separator: "/")
    }

    /// The nearest directory at or above `directory` holding a `Package.swift`: the package's directory.
    static func package(containing directory: String) -> String? {
        var candidate = URL(fileURLWithPath: directory)
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate.path
            }
            let parent = candidate.deletingLastPathComponent()
            guard parent.path != candidate.path else { return nil }
            candidate = parent
        }
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
