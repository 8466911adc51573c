/// `--fix` and `--diff`: rewrite Swift sources onto URLConnectionShim, or print what would change.
///
/// Parsed apart from `CommandLineParser` (which sees the remaining arguments as a scan's), so the
/// fixing options stay in one place.
enum FixMode: String, Sendable, Equatable {
    /// Rewrite the files in place.
    case write = "fix"
    /// Print a unified diff and write nothing.
    case diff

    /// The mode the arguments ask for and the arguments without it; nil mode when neither flag is given.
    /// Arguments after `--` are paths and are left alone; `--fix --diff` is `--diff`.
    static func extract(from arguments: [String]) -> (mode: FixMode?, remaining: [String]) {
        var mode: FixMode?
        var remaining: [String] = []
        var pathsOnly = false
        for argument in arguments {
            if pathsOnly {
                remaining.append(argument)
                continue
            }
            switch argument {
            case "--": pathsOnly = true; remaining.append(argument)
            case "--fix": if mode == nil { mode = .write }
            case "--diff": mode = .diff
            default: remaining.append(argument)
            }
        }
        return (mode, remaining)
    }
}
