import MigrationScanner

/// `--fix` and `--diff`: rewrite the files, or print what would change.
enum FixMode: String, Sendable, Equatable {
    /// Rewrite the files in place.
    case write = "fix"
    /// Print a unified diff and write nothing.
    case diff
}

/// What `--fix`/`--diff`, `--to` and `--apple-only` ask for; the other arguments select files as
/// for a scan.
struct FixRequest: Sendable, Equatable {
    var mode: FixMode
    /// `--to`: Swift code moves onto the shim (the default) or URLSession; Objective-C always moves to NSURLSession.
    var target: FixTarget = .shim
    /// `--apple-only`, with `--to urlsession`: the Swift code is built for Apple platforms only.
    var appleOnly = false
}
