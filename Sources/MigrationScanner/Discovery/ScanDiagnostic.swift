/// Something the scan says about a path rather than about code: a file it skipped or could not read.
package struct ScanDiagnostic: Sendable, Hashable, CustomStringConvertible {
    package enum Level: String, Sendable, Hashable {
        /// A file deliberately left out (binary, too large, a symlink leaving the scanned directory).
        case note
        /// Something in the scan's own settings that is likely a mistake, such as an `--exclude`
        /// pattern that matched nothing; the scan is complete.
        case warning
        /// A path that could not be read; the scan goes on but ends with exit status 2.
        case error
    }

    package var level: Level
    /// As shown in reports: relative to the scan root when inside it.
    var path: String
    var message: String

    init(level: Level, path: String, message: String) {
        self.level = level
        self.path = path
        self.message = message
    }

    /// The clang-style line written to standard error: `path: error: message`.
    package var description: String { "\(path): \(level.rawValue): \(message)" }
}
