import Foundation

/// Lexical and resolved path arithmetic on `/`-separated POSIX paths.
package enum FileSystemPath {
    /// `path` made absolute against `base` and cleaned of `.`, `..` and repeated separators,
    /// without resolving symlinks (so the user's spelling of a path survives into reports).
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The canonical path with every symlink resolved.
    static func resolved(_ path: String) -> Result<String, FileSystemError> {
        guard let pointer = realpath(path, nil) else { return .failure(FileSystemError.fromErrno(path: path)) }
        defer { free(pointer) }
        return .success(String(cString: pointer))
    }

    /// Whether `path` is `directory` or lies below it; both absolute and clean.
    package static func isPath(_ path: String, within directory: String) -> Bool {
        directory == "/" || path == directory || path.hasPrefix(directory + "/")
    }

    /// `path` relative to `root` when it lies within it, else `path` unchanged (absolute).
    package static func display(_ path: String, root: String) -> String {
        if let relative = bytesAfterRootAndSlash(path, root: root) { return relative }
        guard isPath(path, within: root), path != root else { return path == root ? "." : path }
        return String(path.dropFirst(root == "/" ? 1 : root.count + 1))
    }

    /// Every file discovery finds starts with the root's bytes and a slash: what follows, compared
    /// and copied as bytes. `dropFirst` walks both paths' `Character`s, and `UTF8View.starts(with:)`
    /// their bytes one by one through a generic iterator, for every file found. Nil when `path` does
    /// not start so, or is not stored contiguously.
    private static func bytesAfterRootAndSlash(_ path: String, root: String) -> String? {
        let rootLength = root.utf8.count
        guard root != "/", rootLength > 0, path.utf8.count > rootLength + 1 else { return nil }
        return path.utf8.withContiguousStorageIfAvailable { pathBytes in
            root.utf8.withContiguousStorageIfAvailable { rootBytes -> String? in
                guard pathBytes[rootLength] == UInt8(ascii: "/"),
                      memcmp(pathBytes.baseAddress!, rootBytes.baseAddress!, rootLength) == 0
                else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: pathBytes[(rootLength + 1)...]), as: UTF8.self)
            } ?? nil
        } ?? nil
    }

    /// `directory/name`, with no second slash after a directory that ends in one.
    ///
    /// Written once into a string of the joined length: `directory + "/" + name` makes an
    /// intermediate string and grows it, and discovery joins twice a file.
    static func join(_ directory: String, _ name: String) -> String {
        let slash = directory.utf8.last == UInt8(ascii: "/") ? 0 : 1
        return String(unsafeUninitializedCapacity: directory.utf8.count + slash + name.utf8.count) { buffer in
            var end = buffer.initialize(fromContentsOf: directory.utf8)
            if slash == 1 {
                buffer[end] = UInt8(ascii: "/")
                end += 1
            }
            return end + UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: name.utf8)
        }
    }

    static func lastComponent(_ path: String) -> String {
        // Not `split`: discovery asks this of every entry, and splitting the whole path into an
        // array to keep its last element is wasted work.
        let utf8 = path.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex && utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
        guard end > utf8.startIndex else { return path }
        let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        return String(path[start..<end])
    }

    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
