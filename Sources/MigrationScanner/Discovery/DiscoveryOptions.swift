/// What `FileDiscovery` looks at and what it leaves out.
package struct DiscoveryOptions: Sendable, Hashable {
    /// Directory names that hold build products or third-party code, skipped unless `includeVendored`.
    /// `.build-*` (SwiftPM scratch paths such as `.build-linux`) is matched by prefix.
    static let vendoredDirectoryNames: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage"]

    /// 10 MiB: far above any hand-written source file, below generated blobs that only slow the scan.
    package static let defaultMaximumFileSize = 10 * 1024 * 1024

    /// Scan `.build`, `Pods`, `Carthage`, `DerivedData` and `.git` too.
    var includeVendored: Bool
    /// Files larger than this many bytes are skipped with a note, unless named explicitly.
    var maximumFileSize: Int
    /// Paths (relative to the scan root) matching any of these are left out of directory scans.
    var excludes: [GlobPattern]
    /// Indices in `excludes` of the patterns given on the command line: one that leaves nothing out
    /// is reported. A configuration file's patterns are not: the file serves scans of any part of
    /// the tree, where most of them have nothing to match.
    package var excludesReportedWhenUnused: Set<Int> = []
    /// `--force-exclude`: files named explicitly are left out too when they match `excludes` or lie
    /// in a vendored directory, as SwiftLint's and ruff's `--force-exclude` do for the files
    /// pre-commit names.
    package var excludesNamedFiles = false
    /// List directories with `git ls-files` when they are inside a git work tree.
    var usesGit: Bool
    /// The git executable; nil searches `PATH`. A path that does not exist makes discovery walk the tree.
    var gitExecutable: String?

    /// Options for a discovery; the defaults are the command's.
    package init(
        includeVendored: Bool = false,
        maximumFileSize: Int = DiscoveryOptions.defaultMaximumFileSize,
        excludes: [GlobPattern] = [],
        excludesNamedFiles: Bool = false,
        usesGit: Bool = true,
        gitExecutable: String? = nil
    ) {
        self.includeVendored = includeVendored
        self.maximumFileSize = maximumFileSize
        self.excludes = excludes
        self.excludesNamedFiles = excludesNamedFiles
        self.usesGit = usesGit
        self.gitExecutable = gitExecutable
    }

    /// Whether a directory with this name is skipped.
    func skipsDirectory(named name: String) -> Bool {
        guard !includeVendored else { return false }
        return Self.vendoredDirectoryNames.contains(name) || name.hasPrefix(".build-")
    }

    /// The index in `excludes` of the first pattern that matches `relativePath` or one of the
    /// directories above it; nil when none does.
    func excludingPattern(of relativePath: String) -> Int? {
        guard !excludes.isEmpty else { return nil }
        var prefix = ""
        for component in relativePath.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            if let index = excludes.firstIndex(where: { $0.matches(prefix) }) { return index }
        }
        return nil
    }
}
