/// Why `--fix` left something as it was, at the token that keeps it (1-based line and column
/// in the file on disk): printed as a `note:` line.
struct FixNote: Sendable, Equatable {
    var line: Int
    var column: Int
    var reason: String
}
