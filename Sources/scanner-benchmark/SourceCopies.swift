import Foundation

/// An existing code base as benchmark input: its Swift and Objective-C files, copied whole as
/// many times as a part of the tree needs, so a real tree of any size can be measured at 50,
/// 100 and 200 MB. Other files are left out: neither tool reads them.
struct SourceCopies {
    let directory: String
    /// Paths relative to `directory`, sorted, and their sizes.
    let files: [(path: String, bytes: Int)]

    init(directory: String) throws {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw BenchmarkError("--copies-of: cannot read \(directory)")
        }
        var files: [(path: String, bytes: Int)] = []
        while let path = enumerator.nextObject() as? String {
            guard ["swift", "m", "mm", "h"].contains((path as NSString).pathExtension.lowercased()),
                let attributes = enumerator.fileAttributes, attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            files.append((path, (attributes[.size] as? Int) ?? 0))
        }
        guard !files.isEmpty else { throw BenchmarkError("--copies-of: no .swift, .m, .mm or .h file under \(directory)") }
        self.directory = root
        self.files = files.sorted { $0.path < $1.path }
    }

    var totalBytes: Int { files.reduce(0) { $0 + $1.bytes } }

    /// What a part was made from, for the tree's manifest: a changed source makes new parts.
    var description: String { "copies of \(directory) (\(files.count) files, \(totalBytes) bytes)" }

    /// Copies the source into `copy-0`, `copy-1`, … under `partDirectory` until at least `bytes`
    /// are written.
    func write(into partDirectory: String, bytes: Int) throws {
        let fileManager = FileManager.default
        var written = 0
        var copy = 0
        while written < bytes {
            for file in files {
                let target = "\(partDirectory)/copy-\(copy)/\(file.path)"
                try fileManager.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fileManager.copyItem(atPath: directory + "/" + file.path, toPath: target)
                written += file.bytes
            }
            copy += 1
        }
    }
}
