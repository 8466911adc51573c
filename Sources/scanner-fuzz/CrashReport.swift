import Foundation

/// Names the case that was running when the process dies of a trap or a fault, so a crash is
/// reproducible (`--first-case N --cases 1 --save DIR`); the checks themselves never catch it.
enum CrashReport {
    /// Written before each case and read only by the signal handler, on the same thread.
    nonisolated(unsafe) private static var message: [UInt8] = []
    /// With `--save DIR`: the running case's input, and the NUL-terminated path to write it to.
    nonisolated(unsafe) private static var input: (bytes: [UInt8], path: [CChar])?

    /// Installs the handler for the signals a Swift trap or a memory fault raises.
    static func install() {
        for signalNumber in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            signal(signalNumber, crashHandler)
        }
    }

    /// Prepares the message for the case about to run.
    static func willRun(case caseIndex: Int, seed: UInt64, bytes: [UInt8], savedAs path: String?) {
        message = Array(("\nscanner-fuzz: CRASH in case \(caseIndex) of seed \(seed)"
            + (path.map { "; its input is \($0)" } ?? "; reproduce with scanner-fuzz --seed \(seed) "
                + "--first-case \(caseIndex) --cases 1 --save DIR") + "\n").utf8)
        input = path.map { (bytes, Array($0.utf8CString)) }
    }

    /// Only `write` and `raise`, which are safe in a signal handler; the default action then ends
    /// the process with the signal, so the exit status still tells a crash.
    fileprivate static func report(_ signalNumber: Int32) {
        message.withUnsafeBufferPointer { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
        if let input {
            let descriptor = input.path.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            if descriptor >= 0 {
                input.bytes.withUnsafeBufferPointer { buffer in _ = write(descriptor, buffer.baseAddress, buffer.count) }
                close(descriptor)
            }
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}

private func crashHandler(_ signalNumber: Int32) {
    CrashReport.report(signalNumber)
}
