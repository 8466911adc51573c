import Foundation
import MigrationScanner

extension MigrationScanCommand {
    /// Writes `baseline` (made of `findings` findings) to `path` and says on `stderr` where and how
    /// many entries, unless `quiet`; false when it could not be written (said on `stderr` always).
    func writeBaseline<Errors: TextOutputStream>(
        _ baseline: Baseline, to path: String, of findings: Int, quiet: Bool, stderr: inout Errors
    ) -> Bool {
        do throws(AtomicFileWriter.Failure) {
            try AtomicFileWriter.write(Array(baseline.serialized().utf8), to: FileSystemPath.absolute(path, relativeTo: currentDirectory))
        } catch {
            stderr.write("\(ToolIdentity.name): error: cannot write '\(path)': \(error)\n")
            return false
        }
        if !quiet {
            let entries = baseline.entries.count
            stderr.write("\(ToolIdentity.name): wrote \(entries) baseline \(entries == 1 ? "entry" : "entries") "
                + "(\(findings) finding\(findings == 1 ? "" : "s")) to '\(path)'\n")
        }
        return true
    }
}
