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
            "its NSURLSession delegate method (migrate-scan --fix rewrites it; \(objectiveCGuide))",
        "nsurlconnection-send-synchronous":
            "-[NSURLSession dataTaskWithRequest:completionHandler:] with a completion handler; --fix leaves it, saying why (\(objectiveCGuide))",
        "nsurlconnection-send-asynchronous":
            "-[NSURLSession dataTaskWithRequest:completionHandler:], hopping to the old queue in the handler (migrate-scan --fix rewrites the call)",
    ]

    /// Rule id → the advice that takes the place of the rule's own at the end of its message, for
    /// rules whose advice names the shim's Swift API (`RequestPropertyKey`). Objective-C code runs on
    /// Apple platforms, where request properties survive NSURLSession.
    static let protocolAdvice: [String: String] = [
        "urlprotocol-inventory": "list the protocol in each NSURLSessionConfiguration's protocolClasses",
        "urlprotocol-missing-handled-tag": "tag forwarded requests with +[NSURLProtocol setProperty:forKey:inRequest:] and return NO "
            + "from +canInitWithRequest: when +propertyForKey:inRequest: finds the tag; forwarding through a session whose "
            + "configuration does not list the protocol avoids the loop",
    ]

    /// The migration guide's Objective-C section, as of this build: an app has no Docs folder.
    static let objectiveCGuide = ToolIdentity.documentationURI("Docs/MigrationGuide.md#objective-c-straight-to-nsurlsession")

    /// `message` (a rule's "what; use replacement") with the Objective-C replacement, for the
    /// rules that have one. A delegate method's is the NSURLSession method it becomes, by name.
    static func message(_ message: String, ruleID: String, ruleReplacement: String) -> (message: String, replacement: String)? {
        if let advice = protocolAdvice[ruleID], message.hasSuffix("; " + ruleReplacement) {
            return (String(message.dropLast(ruleReplacement.count)) + advice, advice)
        }
        guard var replacement = replacements[ruleID] else { return nil }
        let finding = findingPart(of: message)
        // "NSURLConnection delegate method connection:didReceiveData:" ends with its selector.
        if ruleID == "nsurlconnection-delegate-method", let selector = finding.split(separator: " ").last,
            let method = DelegateMethodCatalogue.bySelector[String(selector)]?.objectiveCReplacement {
            replacement = "\(method) (migrate-scan --fix rewrites it; \(objectiveCGuide))"
        }
        return (finding + "; use " + replacement, replacement)
    }

    private static let adviceSeparator = LiteralSearch("; use ")

    /// `message` without the "(migrate-scan --fix …)" it ends with: what `--fix` itself prints of a
    /// finding it left is not advice to run `--fix`.
    static func withoutFixAdvice(_ message: String) -> String {
        guard let start = message.range(of: " (migrate-scan --fix "), message.hasSuffix(")") else { return message }
        let inner = message[start.upperBound...].dropLast()
        guard !inner.contains("(") && !inner.contains(")") else { return message }
        return String(message[..<start.lowerBound])
    }

    /// `message` up to its first "; use ", found among its UTF-8 bytes: Foundation's
    /// `range(of:)` cost a hundred times more, once per Objective-C finding.
    private static func findingPart(of message: String) -> String {
        let bytes = Array(message.utf8)
        guard let separator = adviceSeparator.firstOffset(in: bytes) else { return message }
        return String(decoding: bytes[..<separator], as: UTF8.self)
    }
}
