import Foundation

/// The directory that report paths, baselines and `--exclude` patterns are relative to, when
/// `--root` does not name one.
///
/// The current directory when every scanned path lies inside it (running in a checkout, the usual
/// case). Otherwise — `swift run migrate-scan ../App` from a clone of this toolkit — the top of the
/// git work tree holding the first path, or without one the deepest directory holding every path:
/// never `/`-anchored absolute paths, so a baseline written in one checkout holds in any other.
package enum ScanRoot {
    /// The root for `paths` (absolute and clean) scanned from `currentDirectory`.
    package static func inferred(for paths: [String], currentDirectory: String) -> String {
        guard let first = paths.first else { return currentDirectory }
        if paths.allSatisfy({ FileSystemPath.isPath($0, within: currentDirectory) }) { return currentDirectory }
        if let top = workTreeTop(containing: directory(of: first)) { return top }
        return paths.dropFirst().reduce(directory(of: first)) { common, path in commonDirectory(common, directory(of: path)) }
    }

    /// The nearest directory at or above `directory` holding a `.git` entry (a directory, or the
    /// file a linked work tree or submodule has); nil outside any work tree.
    package static func workTreeTop(containing directory: String) -> String? {
        var current = directory
        while true {
            if FileManager.default.fileExists(atPath: FileSystemPath.join(current, ".git")) { return current }
            guard current != "/" else { return nil }
            current = FileSystemPath.absolute("..", relativeTo: current)
        }
    }

    /// `path` itself when it is a directory, else the directory holding it.
    private static func directory(of path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
        return FileSystemPath.absolute("..", relativeTo: path)
    }

    private static func commonDirectory(_ lhs: String, _ rhs: String) -> String {
        let left = lhs.split(separator: "/")
        let right = rhs.split(separator: "/")
        let shared = zip(left, right).prefix { $0 == $1 }.map(\.0)
        return "/" + shared.joined(separator: "/")
    }
}
