import Foundation

/// The kind of file system entry at a path, from `lstat` (the entry itself) or `stat` (what it points to).
package enum FileStatus: Equatable {
    case regularFile
    case directory
    case symbolicLink
    /// Devices, sockets, FIFOs: never read, since reading a FIFO can block forever.
    case other

    /// The entry itself, without following a final symlink; the error text when it cannot be examined.
    static func ofEntry(at path: String) -> Result<FileStatus, FileSystemError> {
        ofEntry(named: path, in: AT_FDCWD, path: { path })
    }

    /// The entry `name` of the open directory `directory` (`AT_FDCWD`: the working directory, or
    /// none for an absolute name), as `ofEntry(at:)` gives it for the entry's whole path, which
    /// `path` makes for an error only.
    static func ofEntry(named name: String, in directory: Int32, path: () -> String) -> Result<FileStatus, FileSystemError> {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            return .failure(FileSystemError.fromErrno(path: path()))
        }
        return .success(FileStatus(info))
    }

    /// What `path` resolves to, following symlinks.
    package static func ofTarget(at path: String) -> Result<FileStatus, FileSystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(FileSystemError.fromErrno(path: path)) }
        return .success(FileStatus(info))
    }

    private init(_ info: stat) {
        switch info.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): self = .regularFile
        case mode_t(S_IFDIR): self = .directory
        case mode_t(S_IFLNK): self = .symbolicLink
        default: self = .other
        }
    }
}
