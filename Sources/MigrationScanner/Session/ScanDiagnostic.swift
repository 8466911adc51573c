/// Something the scan says about a path rather than about code: a file it skipped or could not read.
public struct ScanDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Level: String, Sendable, Hashable {
        /// A file deliberately left out (binary, too large, a symlink leaving the scanned directory).
        case note
        /// A path that could not be read; the scan goes on but ends with exit status 2.
        case error
    }

    public var level: Level
    /// As shown in reports: relative to the scan root when inside it.
    public var path: String
    public var message: String

    public init(level: Level, path: String, message: String) {
        self.level = level
        self.path = path
        self.message = message
    }

    /// The clang-style line written to standard error: `path: error: message`.
    public var description: String { "\(path): \(level.rawValue): \(message)" }
}
