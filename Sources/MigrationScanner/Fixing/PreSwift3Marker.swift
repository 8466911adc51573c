/// A name Swift 3 removed from Foundation's Swift API (`NSOperationQueue`, `appendData(_:)`,
/// `NSURLRequest(URL:)`, `println`…), found in a file's code.
///
/// Such a file does not compile with any Swift compiler of today, whatever `--fix` changes, so
/// `--fix` leaves it untouched and says why: it must go through a Swift 3 conversion first
/// (Xcode's migrator), after which the delegate signatures that conversion leaves behind are
/// exactly what `--fix` rewrites.
package struct PreSwift3Marker: Sendable, Equatable {
    /// 1-based line of the first marker.
    package var line: Int
    /// The marker as written, e.g. `appendData(` or `NSURLRequest(URL:`.
    var spelling: String

    /// Types Swift 3 renamed (the old names are unavailable).
    private static let removedNames: Set<String> = [
        "NSOperationQueue", "NSRunLoop", "NSDefaultRunLoopMode", "NSUTF8StringEncoding", "NSURLRequestCachePolicy",
        "NSJSONSerialization", "NSJSONReadingOptions", "NSNotificationCenter", "NSUserDefaults", "NSFileManager",
        "NSBundle", "NSProcessInfo", "NSThread", "NSDateFormatter", "NSCharacterSet",
    ]
    /// Functions and methods Swift 3 renamed, matched where they are called.
    private static let removedCalls: Set<String> = [
        "println", "appendData", "dataUsingEncoding", "respondsToSelector", "dispatch_async", "dispatch_get_main_queue",
        "JSONObjectWithData", "dataTaskWithRequest", "stringByAppendingString", "componentsSeparatedByString",
        "mainQueue", "sharedApplication",
    ]
    /// Properties Swift 3 renamed, matched after a `.`.
    private static let removedMembers: Set<String> = ["HTTPMethod", "HTTPBody"]
    private static let requestTypes: Set<String> = ["NSURLRequest", "NSMutableURLRequest"]
    private static let sieve = TokenTextSieve(removedNames.union(removedCalls).union(removedMembers).union(requestTypes))

    /// The line `--fix` and `--diff` print on standard output for a file they leave for this marker.
    package func note(displayPath: String) -> String {
        "\(displayPath):\(line): note: not rewritten (Swift 2): '\(spelling)' was removed in Swift 3, so the file cannot "
            + "compile whatever --fix changes; convert it to current Swift syntax first (Xcode: Edit > Convert), then run --fix\n"
    }

    /// The first marker in `stream`'s code, or nil for a file written for Swift 3 or later.
    static func first(in stream: TokenStream) -> PreSwift3Marker? {
        for index in 0..<stream.count where stream[index].kind == .identifier && sieve.mayMatch(index, in: stream) {
            let text = stream.text(index)
            let spelling: String?
            if removedNames.contains(text) {
                spelling = text
            } else if removedCalls.contains(text) && stream.isPunctuation(index + 1, "(") {
                spelling = text + "("
            } else if removedMembers.contains(text) && stream.isPunctuation(index - 1, ".") {
                spelling = "." + text
            } else if requestTypes.contains(text), index + 3 < stream.count, stream.isPunctuation(index + 1, "("), stream.text(index + 2) == "URL",
                      stream.isPunctuation(index + 3, ":") {
                spelling = text + "(URL:"
            } else {
                spelling = nil
            }
            if let spelling { return PreSwift3Marker(line: Int(stream[index].line), spelling: spelling) }
        }
        return nil
    }
}
