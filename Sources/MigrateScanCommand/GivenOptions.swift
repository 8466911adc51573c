import MigrationScanner

/// The names of the options a command line spelt out, so the configuration file fills in only the others.
///
/// Where a value came from is not part of what the options ask for: two `ScanOptions` that ask for
/// the same scan are equal whether a value was typed or defaulted, so this compares equal always.
struct GivenOptions: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// Option names without dashes: `fail-on`, `format`.
    private(set) var names: Set<String>

    init(arrayLiteral names: String...) {
        self.names = Set(names)
    }

    func contains(_ name: String) -> Bool { names.contains(name) }

    mutating func insert(_ name: String) { names.insert(name) }

    static func == (lhs: GivenOptions, rhs: GivenOptions) -> Bool { true }
}
