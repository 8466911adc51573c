import Foundation

/// One entry of a directory as `readdir` gives it: its name and the kind the directory records,
/// so a walk calls `lstat` only for the entries it needs a size of (source files) or whose kind
/// the file system does not record. Listing through `FileManager` and an `lstat` per entry were
/// most of discovery's time on real trees, where most files are not sources.
struct DirectoryEntry {
    /// The entry's kind as the directory records it (`d_type`).
    enum Kind {
        case regularFile
        case directory
        case symbolicLink
        /// Devices, sockets, FIFOs.
        case other
        /// Not recorded by this file system: `lstat` must tell.
        case unknown
    }

    var name: String
    var kind: Kind
    /// The lexer for the entry's name; nil when it names no source file.
    var language: SourceLanguage?
    /// What `lstat` says of the entry, for a regular source file and an entry of unknown kind;
    /// nil for the others, which a walk needs no more about.
    var status: Result<FileStatus, FileSystemError>?

    /// The entries of `directory` except `.` and `..`, sorted by UTF-8 bytes so discovery order never
    /// depends on the file system; the reason when the directory cannot be opened.
    ///
    /// Entries are examined with `fstatat` on the open directory, not `lstat` on their whole path:
    /// the kernel then looks up one name instead of every directory from the root (the lookups
    /// were about half of discovery's kernel time). The answer, error included, is `lstat`'s.
    static func entries(of directory: String) -> Result<[DirectoryEntry], FileSystemError> {
        guard let handle = opendir(directory) else { return .failure(FileSystemError.fromErrno(path: directory)) }
        defer { closedir(handle) }
        let descriptor = dirfd(handle)
        var entries: [DirectoryEntry] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let kind = Kind(recorded: Int32(entry.pointee.d_type))
            let language = SourceLanguage(fileName: name)
            let status =
                kind == .unknown || (kind == .regularFile && language != nil)
                ? FileStatus.ofEntry(named: name, in: descriptor, path: { FileSystemPath.join(directory, name) }) : nil
            entries.append(DirectoryEntry(name: name, kind: kind, language: language, status: status))
        }
        return .success(entries.sorted { $0.name.precedesInUTF8Order($1.name) })
    }
}

extension DirectoryEntry.Kind {
    init(recorded type: Int32) {
        switch type {
        case Int32(DT_REG): self = .regularFile
        case Int32(DT_DIR): self = .directory
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_UNKNOWN): self = .unknown
        default: self = .other
        }
    }
}
