/// `--to shim|urlsession`: what `--fix` and `--diff` move Swift code onto; with `--to urlsession`,
/// `--apple-only` says the code is built for Apple platforms only.
///
/// Parsed with `FixMode`, apart from the scan's options. Objective-C always moves to NSURLSession.
package enum FixTarget: String, Sendable, Equatable, CaseIterable {
    /// URLConnectionShim: NSURLConnection's API on URLSession; the first step, and the default.
    case shim
    /// URLSession itself: delegate classes the migration plan can move leave the shim behind.
    case urlsession

    /// A `--to` value that names no target, a `--to` without a value, or `--apple-only` without `--to urlsession`.
    struct UsageError: Error, Sendable, Equatable {
        var message: String
    }

    /// The target `--to X` or `--to=X` asks for (nil when absent), whether `--apple-only` is given,
    /// and the arguments without them; arguments after `--` are paths and are left alone.
    static func extract(from arguments: [String]) throws(UsageError) -> (target: FixTarget?, appleOnly: Bool, remaining: [String]) {
        var target: FixTarget?
        var appleOnly = false
        var remaining: [String] = []
        var pathsOnly = false
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if !pathsOnly && argument == "--apple-only" {
                appleOnly = true
                continue
            }
            if pathsOnly || !(argument == "--to" || argument.hasPrefix("--to=")) {
                pathsOnly = pathsOnly || argument == "--"
                remaining.append(argument)
                continue
            }
            let value = argument == "--to" ? iterator.next() : String(argument.dropFirst("--to=".count))
            guard let value, let parsed = FixTarget(rawValue: value) else {
                let choices = allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "'--to' takes one of: \(choices)" + (value.map { " (not '\($0)')" } ?? ""))
            }
            target = parsed
        }
        if appleOnly && target != .urlsession {
            throw UsageError(message: "'--apple-only' applies to --to urlsession only")
        }
        return (target, appleOnly, remaining)
    }
}
