/// `--to shim|urlsession`: what `--fix` and `--diff` move Swift code onto; with `--to urlsession`,
/// `--apple-only` says the code is built for Apple platforms only.
///
/// Objective-C always moves to NSURLSession.
package enum FixTarget: String, Sendable, Equatable, CaseIterable {
    /// URLConnectionShim: NSURLConnection's API on URLSession; the first step, and the default.
    case shim
    /// URLSession itself: delegate classes the migration plan can move leave the shim behind.
    case urlsession
}
