import MigrationScanner

extension ProjectConfiguration {
    /// `excludes` as the scan's root sees them: a configuration file's patterns are written relative
    /// to the directory holding it (as SwiftLint's `excluded` and `.gitignore` are), and a scan
    /// from a subdirectory (an Xcode Run Script phase in the project's folder) has its root below it.
    ///
    /// A pattern without `/`, or whose first component is a wildcard, matches the same names from
    /// anywhere and is kept. One that names a place outside the root is dropped; one under the
    /// root loses the root's path from the file's directory (`iOS/Vendor/**` from `iOS` is
    /// `Vendor/**`). With the root above the file's directory, the directory's path is put before it.
    func excludes(relativeToRoot root: String) -> [String] {
        let directory = FileSystemPath.absolute("..", relativeTo: path)
        guard directory != root else { return excludes }
        return excludes.compactMap { spelt in
            let pattern = spelt.hasPrefix("./") ? String(spelt.dropFirst(2)) : spelt
            let first = pattern.prefix { $0 != "/" }
            guard first.endIndex < pattern.endIndex, !first.contains(where: { "*?[".contains($0) }) else { return pattern }
            if FileSystemPath.isPath(root, within: directory) {
                let prefix = FileSystemPath.display(root, root: directory) + "/"
                return pattern.hasPrefix(prefix) ? String(pattern.dropFirst(prefix.count)) : nil
            }
            if FileSystemPath.isPath(directory, within: root) {
                return FileSystemPath.display(directory, root: root) + "/" + pattern
            }
            return pattern
        }
    }
}
