import Foundation
import MigrationScanner

/// What a scan says about the baseline it was given, once the findings are filtered: a warning
/// when the baseline matched none of its entries where it should have (written from another
/// directory or repository), and the entries that match no finding any more (fixed or edited), as
/// PHPStan reports unmatched ignored errors.
struct BaselineCheck {
    var baseline: Baseline
    /// The file as given on the command line.
    var displayPath: String
    /// What the entries' paths are relative to (absolute): the top of the git work tree holding the
    /// root, else the root.
    var entriesRoot: String
    /// The scanned files and directories (absolute): entries elsewhere are not expected to match.
    var scannedPaths: [String]

    /// Lines for standard error (without newlines), given how many findings each fingerprint hash
    /// of the baseline still accounted for after the scan and how many findings it matched.
    func messages(unmatched: [String: Int], matched: Int, quiet: Bool) -> [String] {
        let entries = baseline.entries
        guard !entries.isEmpty, !scannedPaths.isEmpty else { return [] }
        let expected = entries.filter { entry in scannedPaths.contains { FileSystemPath.isPath(absolute(entry), within: $0) } }
        if matched == 0 && (!expected.isEmpty || !entries.contains { FileManager.default.fileExists(atPath: absolute($0)) }) {
            return ["\(ToolIdentity.name): warning: the baseline '\(displayPath)' matched none of its \(counted(entries.count, "entry")) "
                + "(its paths are relative to \(entriesRoot): was it written for another directory?)"]
        }
        let stale = expected.filter { unmatched[$0.lineHash, default: 0] > 0 }
        guard !stale.isEmpty, !quiet else { return [] }
        var files: [String] = []
        for entry in stale where !files.contains(entry.path) { files.append(entry.path) }
        let named = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
        return ["\(ToolIdentity.name): note: \(stale.count) of the baseline's \(counted(entries.count, "entry")) match no finding "
            + "any more (\(named)): rewrite '\(displayPath)' with --write-baseline to lock the fixes in"]
    }

    private func absolute(_ entry: BaselineEntry) -> String {
        FileSystemPath.absolute(entry.path, relativeTo: entriesRoot)
    }

    private func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun == "entry" ? "entries" : noun + "s")"
    }
}
