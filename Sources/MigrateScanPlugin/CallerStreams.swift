import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The standard output and error of the `swift package` process that runs this plugin, opened
/// anew so that migrate-scan writes its report to them directly.
///
/// SwiftPM relays a plugin's output through its own standard output, which C stdio buffers in
/// 4 KiB blocks when it is a pipe, and prints the plugin's failure on its unbuffered standard
/// error before that buffer is flushed at exit. In a CI log, which merges both streams, SwiftPM's
/// `error:` line then falls inside the report, splitting a finding. Written directly, the report
/// is in the log before SwiftPM learns that the plugin failed.
///
/// Only pipes and terminals are reopened: they have no file offset, so bytes written through a
/// second descriptor follow the ones already written. A regular file (`> log.txt`) is left to
/// SwiftPM's relay, since a second description of it would write over SwiftPM's own output.
/// Linux only, where `/proc/<pid>/fd` names another process's descriptors; elsewhere (and when
/// the descriptors cannot be opened) every stream is relayed as before.
struct CallerStreams {
    /// Where migrate-scan's standard output goes: SwiftPM's standard output, or nil to relay it.
    let output: FileHandle?
    /// Where migrate-scan's standard error goes: SwiftPM's standard error, or nil to relay it.
    let error: FileHandle?

    /// The streams of this plugin's parent process that can be written directly.
    static func ofParentProcess() -> CallerStreams {
        #if os(Linux)
        let parent = getppid()
        return CallerStreams(output: openStream(1, of: parent), error: openStream(2, of: parent))
        #else
        return CallerStreams(output: nil, error: nil)
        #endif
    }

    /// Writes `line` and a newline after the report: to SwiftPM's standard output when the report
    /// went there directly, else to the plugin's own (relayed) standard output.
    func printAfterReport(_ line: String) {
        guard let output else {
            print(line)
            return
        }
        output.write(Data((line + "\n").utf8))
    }

    #if os(Linux)
    /// Descriptor `descriptor` of process `process`, opened for writing when it is a pipe or a
    /// terminal. `O_NONBLOCK` makes the open fail (ENXIO) instead of waiting when a pipe has lost
    /// its reader; it is cleared again so that a full pipe slows the writer instead of failing it.
    private static func openStream(_ descriptor: Int32, of process: pid_t) -> FileHandle? {
        let path = "/proc/\(process)/fd/\(descriptor)"
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFCHR else { return nil }
        let opened = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        let flags = fcntl(opened, F_GETFL)
        guard flags >= 0, fcntl(opened, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            close(opened)
            return nil
        }
        return FileHandle(fileDescriptor: opened, closeOnDealloc: true)
    }
    #endif
}
