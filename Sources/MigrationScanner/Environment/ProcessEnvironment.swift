import Foundation

/// Reads single variables of the process environment.
///
/// `ProcessInfo.processInfo.environment` builds a dictionary of every variable on each call,
/// which with its first-use runtime lookups lengthens every scan's start-up, a part no number of
/// jobs shortens; the scanner only ever wants one variable at a time.
enum ProcessEnvironment {
    /// The variable's value, or nil when it is not set.
    static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
