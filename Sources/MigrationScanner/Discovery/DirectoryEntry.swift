import Foundation

/// One entry of a directory as `readdir` gives it: its name and the kind the directory records,
/// so a walk calls `lstat` only for the entries whose kind the file system does not record.
/// Listing through `FileManager` and an `lstat` per entry were most of discovery's time on real
/// trees; an `lstat` per source file was still 4% of a scan's CPU time on copies of real code.
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
    /// What `lstat` says of an entry of unknown kind; nil for the others, whose kind is recorded.
    var status: Result<FileStatus, FileSystemError>?

    /// The entries of `directory` except `.` and `..`, in path order (`precedesInPathOrder`) so
    /// discovery order never depends on the file system; the reason when the directory cannot be opened.
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
                kind == .unknown
                ? FileStatus.ofEntry(named: name, in: descriptor, path: { FileSystemPath.join(directory, name) }) : nil
            entries.append(DirectoryEntry(name: name, kind: kind, language: language, status: status))
        }
        return .success(entries.sorted(by: precedesInPathOrder))
    }

    /// Whether the paths through `lhs` sort before those through `rhs` by UTF-8 bytes: a
    /// directory's name is compared as if it ended in `/`, so a depth-first walk taking entries in
    /// this order meets files in the UTF-8 order of their whole paths (`a-b.swift`, `a.b/x`,
    /// `a/x`, `a0`) and can hand each one on as soon as it is found.
    static func precedesInPathOrder(_ lhs: DirectoryEntry, _ rhs: DirectoryEntry) -> Bool {
        // Between two files the names alone decide; the `/` matters only next to a directory.
        guard lhs.isDirectory || rhs.isDirectory else { return lhs.name.precedesInUTF8Order(rhs.name) }
        return lhs.pathOrderName.precedesInUTF8Order(rhs.pathOrderName)
    }

    /// A directory, as recorded or as `lstat` said when the file system recorded no kind.
    private var isDirectory: Bool {
        switch (kind, status) {
        case (.directory, _), (.unknown, .success(.directory)?): true
        default: false
        }
    }

    /// The name a path through this entry starts with: a directory's ends in `/`.
    private var pathOrderName: String { isDirectory ? name + "/" : name }
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
