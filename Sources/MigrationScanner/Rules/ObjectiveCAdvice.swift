/// What the legacy-API rules recommend in Objective-C, where URLConnectionShim cannot help:
/// it has no Objective-C API. A finding keeps its rule's account of what it found and ends
/// with this advice instead of the rule's Swift replacement.
enum ObjectiveCAdvice {
    /// Rule id → the replacement to recommend in an Objective-C file.
    static let replacements: [String: String] = [
        "nsurlconnection-create":
            "a data task of one NSURLSession per delegate object (migrate-scan --fix rewrites the class)",
        "nsurlconnection-reference": "NSURLSessionDataTask (migrate-scan --fix moves the delegate class)",
        "nsurlconnection-delegate-conformance": "NSURLSessionDataDelegate (migrate-scan --fix moves the delegate class)",
        "nsurlconnection-delegate-method":
            "its NSURLSession delegate method (migrate-scan --fix rewrites it; Docs/MigrationGuide.md, Objective-C)",
        "nsurlconnection-send-synchronous":
            "-[NSURLSession dataTaskWithRequest:completionHandler:] with a completion handler; --fix leaves it, saying why (Docs/MigrationGuide.md)",
        "nsurlconnection-send-asynchronous":
            "-[NSURLSession dataTaskWithRequest:completionHandler:], hopping to the old queue in the handler (migrate-scan --fix rewrites the call)",
    ]

    /// `message` (a rule's "what; use replacement") with the Objective-C replacement, for the
    /// rules that have one.
    static func message(_ message: String, ruleID: String) -> (message: String, replacement: String)? {
        guard let replacement = replacements[ruleID] else { return nil }
        return (findingPart(of: message) + "; use " + replacement, replacement)
    }

    private static let adviceSeparator = LiteralSearch("; use ")

    /// `message` up to its first "; use ", found among its UTF-8 bytes: Foundation's
    /// `range(of:)` cost a hundred times more, once per Objective-C finding.
    private static func findingPart(of message: String) -> String {
        let bytes = Array(message.utf8)
        guard let separator = adviceSeparator.firstOffset(in: bytes) else { return message }
        return String(decoding: bytes[..<separator], as: UTF8.self)
    }
}
