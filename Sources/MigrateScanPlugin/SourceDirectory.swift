import Foundation

/// Directory arithmetic on absolute paths: where a target's sources live and what contains them all.
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

    /// True when `path` is `directory` or below it.
    static func path(_ path: String, isInside directory: String) -> Bool {
        let parts = components(path)
        let base = components(directory)
        return parts.count >= base.count && Array(parts.prefix(base.count)) == base
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
