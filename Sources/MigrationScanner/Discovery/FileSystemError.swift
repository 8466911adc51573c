import Foundation

/// A failed file system call, carrying the C library's wording of `errno`.
package struct FileSystemError: Error, Equatable {
    var path: String
    var code: Int32
    package var reason: String

    static func fromErrno(path: String) -> FileSystemError {
        let code = errno
        return FileSystemError(path: path, code: code, reason: String(cString: strerror(code)))
    }

    var isLoop: Bool { code == ELOOP }
    var isMissing: Bool { code == ENOENT || code == ENOTDIR }
}
