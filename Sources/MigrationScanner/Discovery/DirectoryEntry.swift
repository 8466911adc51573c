import Foundation

/// One entry of a directory that a walk can use (a source file, a directory, a symlink), as
/// `readdir` gives it: its name and the kind the directory records, so a walk calls `lstat` only
/// for the entries whose kind the file system does not record.
/// Listing through `FileManager` and an `lstat` per entry would be most of discovery's time on
/// real trees, and an `lstat` per source file still a visible share of a scan's.
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

    package var name: String
    var kind: Kind
    /// The lexer for the entry's name; nil when it names no source file.
    var language: SourceLanguage?
    /// What `lstat` says of an entry of unknown kind; nil for the others, whose kind is recorded.
    var status: Result<FileStatus, FileSystemError>?
    /// The name a path through this entry starts with, which sorts it: a directory's ends in `/`.
    private var pathOrderName: String

    /// The entries of `directory` a walk can use, in path order (`precedesInPathOrder`) so
    /// discovery order never depends on the file system; the reason when the directory cannot be
    /// opened. Left out: `.` and `..`, files that are not sources (by name, judged from `readdir`'s
    /// bytes before a `String` is made: most files of a real tree are not sources) and special files.
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
            let kind = Kind(recorded: Int32(entry.pointee.d_type))
            if kind == .other { continue }
            let named: (name: String, language: SourceLanguage?)? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = UnsafeBufferPointer(
                    start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: strlen(raw.baseAddress!))
                let language = SourceLanguage(fileNameBytes: bytes)
                if kind == .regularFile && language == nil { return nil }
                return (String(decoding: bytes, as: UTF8.self), language)
            }
            guard let (name, language) = named, name != ".", name != ".." else { continue }
            let status =
                kind == .unknown
                ? FileStatus.ofEntry(named: name, in: descriptor, path: { FileSystemPath.join(directory, name) }) : nil
            entries.append(DirectoryEntry(name: name, kind: kind, language: language, status: status))
        }
        return .success(entries.sorted(by: precedesInPathOrder))
    }

    init(name: String, kind: Kind, language: SourceLanguage?, status: Result<FileStatus, FileSystemError>?) {
        self.name = name
        self.kind = kind
        self.language = language
        self.status = status
        pathOrderName = name
        if isDirectory { pathOrderName += "/" }
    }

    /// Whether the paths through `lhs` sort before those through `rhs` by UTF-8 bytes: a
    /// directory's name is compared as if it ended in `/`, so a depth-first walk taking entries in
    /// this order meets files in the UTF-8 order of their whole paths (`a-b.swift`, `a.b/x`,
    /// `a/x`, `a0`) and can hand each one on as soon as it is found.
    static func precedesInPathOrder(_ lhs: DirectoryEntry, _ rhs: DirectoryEntry) -> Bool {
        lhs.pathOrderName.precedesInUTF8Order(rhs.pathOrderName)
    }

    /// A directory, as recorded or as `lstat` said when the file system recorded no kind.
    private var isDirectory: Bool {
        switch (kind, status) {
        case (.directory, _), (.unknown, .success(.directory)?): true
        default: false
        }
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
