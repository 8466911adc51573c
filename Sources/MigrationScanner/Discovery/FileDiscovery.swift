import Foundation

/// Finds the source files under the paths given on the command line.
///
/// A directory inside a git work tree contributes the files git tracks plus the untracked files it
/// does not ignore; any other directory (or any directory when git is missing) is walked. Either way
/// vendored directories and `--exclude` patterns are left out, only `.swift .m .mm .h` files are kept,
/// and a symlink is followed only when it resolves inside the directory being scanned. A file named
/// explicitly is scanned whatever its extension class, size, location or exclusion — except an
/// unknown extension, which no lexer reads.
package struct FileDiscovery: Sendable {
    var options: DiscoveryOptions

    /// A discovery with the default options (the scanner package's benchmark uses it).
    package init(options: DiscoveryOptions = DiscoveryOptions()) {
        self.options = options
    }

    /// The files under `paths` (absolute, or relative to `root`), displayed relative to `root` (absolute).
    /// The files to scan under `paths`, with paths shown relative to `root`.
    package func discover(paths: [String], root: String) -> DiscoveryResult {
        var files: [DiscoveredFile] = []
        let diagnostics = discover(paths: paths, root: root) { files.append($0) }
        return DiscoveryResult(files: files, diagnostics: diagnostics)
    }

    /// Hands `found` the files `discover(paths:root:)` returns, in the same order, on the caller's
    /// thread, each as soon as no file still to be found can sort before it; returns the diagnostics.
    ///
    /// So that scanning can start while discovery goes on: a directory is walked depth first in
    /// path order (`DirectoryEntry.precedesInPathOrder`) and its files handed on as they are met,
    /// git's listing as its entries are examined, the arguments one after the other. Where the
    /// order is known only at the end — arguments whose files interleave or that are not given in
    /// path order, or from a directory's first symlink on, since links are followed after the real
    /// tree — the files are sorted and handed on when discovery ends.
    func discover(paths: [String], root: String, found: (DiscoveredFile) -> Void) -> [ScanDiagnostic] {
        let root = FileSystemPath.absolute(root, relativeTo: "/")
        let arguments = paths.map { FileSystemPath.absolute($0, relativeTo: root) }
        return withoutActuallyEscaping(found) { found in
            var run = DiscoveryRun(
                options: options, root: root, handOver: Self.followEachOther(arguments, root: root) ? found : nil)
            for argument in arguments {
                run.add(argument: argument)
            }
            return run.finish(handingRestTo: found)
        }
    }

    /// Whether every file under each argument sorts after every file under the arguments before
    /// it: a directory's files start with its display path and `/` (nothing before them inside the
    /// root, which is `.`), a file's path is its display path.
    private static func followEachOther(_ arguments: [String], root: String) -> Bool {
        var previous: String?
        for argument in arguments {
            let display = FileSystemPath.display(argument, root: root)
            let isDirectory = (try? FileStatus.ofTarget(at: argument).get()) == .directory
            let start = !isDirectory ? display : display == "." ? "" : display + "/"
            if let previous, !previous.precedesInUTF8Order(start) || start.utf8.starts(with: previous.utf8) {
                return false
            }
            previous = start
        }
        return true
    }
}

/// The mutable state of one discovery: what was found and which real files and directories were seen.
private struct DiscoveryRun {
    let options: DiscoveryOptions
    let root: String
    /// Takes each file as it is found while discovery meets files in report order; nil from the
    /// moment a file found later could sort before one found earlier.
    var handOver: ((DiscoveredFile) -> Void)?
    /// The files found once `handOver` is nil, sorted and handed on at the end.
    var files: [DiscoveredFile] = []
    package var diagnostics: [ScanDiagnostic] = []
    /// Real paths, so a file reached twice (through a symlink, or named twice) is scanned once.
    var seenFiles: Set<String> = []
    /// Real paths of directories entered: a symlink back into one of them is a loop or a duplicate.
    var visitedDirectories: Set<String> = []
    /// Indices of the `--exclude` patterns that left something out; the others are reported.
    var usedExcludes: Set<Int> = []

    init(options: DiscoveryOptions, root: String, handOver: ((DiscoveredFile) -> Void)?) {
        self.options = options
        self.root = root
        self.handOver = handOver
    }

    /// Hands `found` the files not handed on yet, sorted by display path, and returns the diagnostics.
    package func finish(handingRestTo found: (DiscoveredFile) -> Void) -> [ScanDiagnostic] {
        files.sorted { $0.displayPath.precedesInUTF8Order($1.displayPath) }.forEach(found)
        // A pattern that matched nothing is usually written relative to the wrong directory: say
        // which root patterns are relative to, rather than scan silently what was meant to be left out.
        let unusedExcludes = options.excludesReportedWhenUnused.subtracting(usedExcludes).sorted().map { index in
            ScanDiagnostic(
                level: .warning, path: options.excludes[index].description,
                message: "exclude pattern matched no file or directory (patterns are relative to the root, \(root))")
        }
        return diagnostics + unusedExcludes
    }

    mutating func add(argument path: String) {
        switch FileStatus.ofTarget(at: path) {
        case .failure(let error):
            report(.error, path, error.reason)
        case .success(.directory):
            if options.excludesNamedFiles && isForceExcluded(path, isDirectory: true) { return }
            scanDirectory(path)
        case .success(.regularFile):
            guard let language = SourceLanguage(pathExtension: FileSystemPath.pathExtension(path)) else {
                report(.note, path, "skipped: not a Swift or Objective-C source (.swift .m .mm .h)")
                return
            }
            if options.excludesNamedFiles && isForceExcluded(path, isDirectory: false) { return }
            addFile(path, language: language, isExplicit: true)
        case .success:
            report(.note, path, "skipped: not a regular file")
        }
    }

    private mutating func scanDirectory(_ directory: String) {
        let boundary: String
        switch FileSystemPath.resolved(directory) {
        case .success(let resolved): boundary = resolved
        case .failure(let error):
            report(.error, directory, error.reason)
            return
        }
        visitedDirectories.insert(boundary)
        // An empty listing means an ignored (or empty) directory: one named on the command line is
        // wanted all the same, and walking an empty directory costs nothing.
        if options.usesGit, let listed = GitFileLister(executable: options.gitExecutable).listFiles(in: directory),
            !listed.isEmpty
        {
            addGitListed(listed, in: directory, boundary: boundary)
        } else {
            walk(directory, boundary: boundary)
        }
    }

    // MARK: git work trees

    private mutating func addGitListed(_ relativePaths: [String], in directory: String, boundary: String) {
        for relativePath in relativePaths.sorted(by: { $0.precedesInUTF8Order($1) }) {
            let components = relativePath.split(separator: "/")
            if components.dropLast().contains(where: { options.skipsDirectory(named: String($0)) }) { continue }
            let path = FileSystemPath.join(directory, relativePath)
            guard let language = SourceLanguage(pathExtension: FileSystemPath.pathExtension(path)),
                !isExcluded(path, argument: directory)
            else { continue }
            switch FileStatus.ofEntry(at: path) {
            case .failure(let error) where error.isMissing:
                continue  // tracked but deleted from the work tree: nothing to scan
            case .failure(let error):
                report(.error, path, error.reason)
            case .success(.regularFile):
                // git tracks nothing below a symlinked directory, so no component here is a link.
                considerFile(path, language: language, realPath: FileSystemPath.join(boundary, relativePath))
            case .success(.symbolicLink):
                // git lists a symlinked directory as one entry and tracks nothing below it: not entered.
                var neverWalked: [(path: String, realPath: String)] = []
                followLink(path, boundary: boundary, enterDirectories: false, pending: &neverWalked, argument: nil)
            case .success:
                continue  // a submodule's gitlink or a special file
            }
        }
    }

    // MARK: walking

    /// Each directory is walked with its real path, so the real path of an entry that is not a
    /// link is the real path of its directory plus its name: `realpath` is called for links only
    /// (once a file, it was a fifth of discovery's system calls).
    private mutating func walk(_ start: String, boundary: String) {
        var pending = [(path: start, realPath: boundary)]
        // Symlinks wait until the real tree is walked, so files are reported under their real
        // location and a link to an already scanned directory is recognised as a duplicate.
        var deferredLinks: [String] = []
        while !pending.isEmpty {
            for directory in pending {
                walkDepthFirst(from: directory, argument: start, deferringLinksTo: &deferredLinks)
            }
            pending = []
            for link in deferredLinks.sorted(by: { $0.precedesInUTF8Order($1) }) {
                if isExcluded(link, argument: start) { continue }
                followLink(link, boundary: boundary, enterDirectories: true, pending: &pending, argument: start)
            }
            deferredLinks = []
        }
    }

    /// Walks `top` and the real directories below it depth first, each directory's entries in
    /// path order, so files are met in the UTF-8 order of their paths; symlinks go to `links`.
    private mutating func walkDepthFirst(
        from top: (path: String, realPath: String), argument: String, deferringLinksTo links: inout [String]
    ) {
        // The directories being walked, outermost first, each with the entries not yet visited.
        var levels = [(directory: top, entries: entries(of: top.path)[...])]
        while let level = levels.indices.last {
            guard let entry = levels[level].entries.popFirst() else {
                levels.removeLast()
                continue
            }
            let directory = levels[level].directory
            let name = entry.name
            let path = FileSystemPath.join(directory.path, name)
            // Joined once where no link lies on the way: the same string, not an equal copy.
            let realPath = directory.realPath == directory.path ? path : FileSystemPath.join(directory.realPath, name)
            switch status(of: entry) {
            case .failure(let error):
                report(.error, path, error.reason)
            case .success(.symbolicLink):
                links.append(path)
                // Files found through the link come after the real tree, yet may sort before the
                // rest of it: from here on the order is known only at the end.
                handOver = nil
            case .success(.directory):
                guard !options.skipsDirectory(named: name), !isExcluded(path, argument: argument),
                    visitedDirectories.insert(realPath).inserted
                else { continue }
                levels.append(((path, realPath), entries(of: path)[...]))
            case .success(.regularFile):
                guard let language = entry.language else { continue }
                considerFile(path, language: language, argument: argument, realPath: realPath)
            case .success:
                continue
            }
        }
    }

    private mutating func followLink(
        _ link: String, boundary: String, enterDirectories: Bool, pending: inout [(path: String, realPath: String)],
        argument: String?
    ) {
        let name = FileSystemPath.lastComponent(link)
        let target: String
        switch FileSystemPath.resolved(link) {
        case .success(let resolved): target = resolved
        case .failure(let error) where error.isLoop:
            report(.note, link, "skipped: symlink loop")
            return
        case .failure(let error) where error.isMissing:
            report(.note, link, "skipped: dangling symlink")
            return
        case .failure(let error):
            report(.error, link, error.reason)
            return
        }
        switch FileStatus.ofTarget(at: target) {
        case .success(.directory) where enterDirectories:
            guard !options.skipsDirectory(named: name) else { return }
            guard FileSystemPath.isPath(target, within: boundary) else {
                report(.note, link, "skipped: symlink to a directory outside the scanned directory")
                return
            }
            guard visitedDirectories.insert(target).inserted else {
                report(.note, link, "skipped: symlink to a directory already scanned (a loop or a duplicate)")
                return
            }
            pending.append((link, target))
        case .success(.regularFile):
            guard let language = SourceLanguage(pathExtension: FileSystemPath.pathExtension(link)) else { return }
            guard FileSystemPath.isPath(target, within: boundary) else {
                report(.note, link, "skipped: symlink to a file outside the scanned directory")
                return
            }
            considerFile(link, language: language, argument: argument, realPath: target)
        case .failure(let error):
            report(.error, link, error.reason)
        case .success:
            return
        }
    }

    /// Directory entries sorted by UTF-8 bytes, so discovery order never depends on the file system.
    private mutating func entries(of directory: String) -> [DirectoryEntry] {
        switch DirectoryEntry.entries(of: directory) {
        case .success(let entries):
            return entries
        case .failure(let error):
            report(.error, directory, "cannot read directory: " + error.reason)
            return []
        }
    }

    /// The entry's status from its directory's record; `lstat`'s (made while listing) only for an
    /// entry the file system did not record. A source file is examined when it is opened
    /// (`SourceFileLoader`), which reports a file gone or unreadable by then.
    private func status(of entry: DirectoryEntry) -> Result<FileStatus, FileSystemError> {
        switch entry.kind {
        case .regularFile: .success(.regularFile)
        case .directory: .success(.directory)
        case .symbolicLink: .success(.symbolicLink)
        case .other: .success(.other)
        case .unknown: entry.status ?? .success(.other)
        }
    }

    // MARK: files

    /// Adds a source file found in a directory (or through a link) unless an exclude pattern
    /// leaves it out; `language` is its name's, which the caller has already looked up.
    private mutating func considerFile(
        _ path: String, language: SourceLanguage, argument: String? = nil, realPath: String
    ) {
        if let argument, isExcluded(path, argument: argument) { return }
        addFile(path, language: language, isExplicit: false, realPath: realPath)
    }

    /// `realPath` is the file's path with every link resolved, which makes a file reached twice
    /// one file; nil resolves it here.
    private mutating func addFile(
        _ path: String, language: SourceLanguage, isExplicit: Bool, realPath: String? = nil
    ) {
        let real: String
        if let realPath {
            real = realPath
        } else {
            switch FileSystemPath.resolved(path) {
            case .failure(let error):
                report(.error, path, error.reason)
                return
            case .success(let resolved): real = resolved
            }
        }
        guard seenFiles.insert(real).inserted else { return }
        let file = DiscoveredFile(
            absolutePath: path, displayPath: FileSystemPath.display(path, root: root),
            language: language, isExplicit: isExplicit)
        if let handOver { handOver(file) } else { files.append(file) }
    }

    /// Excludes match the path relative to the root; a directory argument outside the root
    /// supplies the base instead, so patterns work the same wherever the scan starts.
    /// `--force-exclude` for a path named explicitly: a vendored directory or in one, below the
    /// root, or matching an exclude pattern.
    private mutating func isForceExcluded(_ path: String, isDirectory: Bool) -> Bool {
        guard FileSystemPath.isPath(path, within: root), path != root else { return false }
        let directories = FileSystemPath.display(path, root: root).split(separator: "/").dropLast(isDirectory ? 0 : 1)
        return directories.contains { options.skipsDirectory(named: String($0)) } || isExcluded(path, argument: root)
    }

    private mutating func isExcluded(_ path: String, argument: String) -> Bool {
        guard !options.excludes.isEmpty else { return false }
        let relative =
            FileSystemPath.isPath(path, within: root)
            ? FileSystemPath.display(path, root: root) : FileSystemPath.display(path, root: argument)
        guard let pattern = options.excludingPattern(of: relative) else { return false }
        usedExcludes.insert(pattern)
        return true
    }

    private mutating func report(_ level: ScanDiagnostic.Level, _ path: String, _ message: String) {
        diagnostics.append(ScanDiagnostic(level: level, path: FileSystemPath.display(path, root: root), message: message))
    }
}
