import Foundation
import MigrationScanner

/// The lines of the root's files that differ from a git commit (`--changed-since REF`): what a
/// pull request adds or edits, uncommitted changes and untracked files included. A scan keeps
/// only findings on these lines, as semgrep's `--baseline-commit` and SwiftLint's
/// `--only-changed`-style CI setups do, so a gate judges the change and not the legacy around it.
struct ChangedLines: Sendable {
    /// Root-relative path → the 1-based line numbers that are new or changed.
    private(set) var lines: [String: Set<Int>] = [:]
    /// Root-relative paths of files git does not track: every line is new.
    private(set) var newFiles: Set<String> = []

    /// Root-relative paths of every file with a new or changed line, or new itself.
    var files: Set<String> { newFiles.union(lines.keys) }

    /// Whether `line` of `path` (relative to the root) changed.
    func contains(path: String, line: Int) -> Bool {
        newFiles.contains(path) || lines[path]?.contains(line) == true
    }

    /// The lines changed between `reference` and the work tree holding `root`.
    static func since(_ reference: String, root: String, git: GitFileLister = GitFileLister()) -> Result<ChangedLines, UsageError> {
        let problem = "'--changed-since \(reference)'"
        guard git.output(of: ["rev-parse", "--is-inside-work-tree"], in: root) != nil else {
            return .failure(UsageError("\(problem) needs a git work tree, and \(root) is not in one"))
        }
        guard git.output(of: ["rev-parse", "--verify", "--quiet", "\(reference)^{commit}"], in: root) != nil else {
            // GitHub's actions/checkout fetches one commit unless told otherwise.
            let isShallow = git.output(of: ["rev-parse", "--is-shallow-repository"], in: root)
                .map { String(decoding: $0, as: UTF8.self).hasPrefix("true") } ?? false
            return .failure(UsageError("\(problem): no such commit in the work tree at \(root)" + (isShallow
                ? ", a shallow clone: fetch the history first (actions/checkout with fetch-depth: 0, or git fetch --unshallow)"
                : "")))
        }
        // `--relative` limits the diff to the root and names files relative to it, as reports do.
        let diffArguments = [
            "-c", "core.quotePath=false", "diff", "--relative", "--no-prefix", "--no-renames", "--no-color",
            "--no-ext-diff", "-U0", reference, "--",
        ]
        guard let diff = git.output(of: diffArguments, in: root),
            let untracked = git.output(of: ["ls-files", "-z", "--others", "--exclude-standard"], in: root)
        else {
            return .failure(UsageError("\(problem): git could not compare the work tree at \(root)"))
        }
        var changed = ChangedLines(unifiedDiff: String(decoding: diff, as: UTF8.self))
        changed.newFiles = Set(untracked.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        return .success(changed)
    }

    /// The new side's lines of every hunk in a `git diff --no-prefix -U0` output.
    init(unifiedDiff: String) {
        var file: String?
        for line in unifiedDiff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                let name = line.dropFirst(4)
                file = name == "/dev/null" ? nil : String(name)
            } else if line.hasPrefix("@@ "), let file, let range = Self.newSide(ofHunkHeader: line) {
                lines[file, default: []].formUnion(range)
            }
        }
    }

    /// `@@ -a,b +c,d @@` → `c ..< c + d` (`d` is 1 when omitted; 0 for a pure deletion).
    private static func newSide(ofHunkHeader header: Substring) -> Range<Int>? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let numbers = plus.dropFirst().split(separator: ",").compactMap { Int($0) }
        guard let start = numbers.first else { return nil }
        let count = numbers.count > 1 ? numbers[1] : 1
        return start ..< start + count
    }
}
