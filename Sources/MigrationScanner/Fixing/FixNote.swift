/// Why `--fix` left something as it was, at the token that keeps it (1-based line and column
/// in the file on disk): printed as a `note:` line.
package struct FixNote: Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var reason: String
}
