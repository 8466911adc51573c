/// What the legacy-API rules recommend in Objective-C, where URLConnectionShim cannot help:
/// it has no Objective-C API. A finding keeps its rule's account of what it found and ends
/// with this advice instead of the rule's Swift replacement.
package enum ObjectiveCAdvice: Sendable {
    /// The finding's own account, then "; use " and this.
    case replacement(String)
    /// The delegate-method rule's: the NSURLSession method its selector becomes (`DelegateMethodCatalogue`),
    /// or `fallback` for a selector the catalogue lacks.
    case delegateMethod(fallback: String)
    /// Takes the place of the rule's own replacement at the end of its message, for rules whose
    /// advice names the shim's Swift API (`RequestPropertyKey`). Objective-C code runs on Apple
    /// platforms, where request properties survive NSURLSession.
    case insteadOfSwiftAdvice(String)

    /// `message` (a rule's "what; use replacement") with this advice, and the replacement it names;
    /// nil when the message does not end with the rule's replacement that this advice takes the place of.
    func message(_ message: String, ruleReplacement: String) -> (message: String, replacement: String)? {
        var replacement: String
        switch self {
        case .insteadOfSwiftAdvice(let advice):
            guard message.hasSuffix("; " + ruleReplacement) else { return nil }
            return (String(message.dropLast(ruleReplacement.count)) + advice, advice)
        case .replacement(let advice):
            replacement = advice
        case .delegateMethod(let fallback):
            replacement = fallback
        }
        let finding = Self.findingPart(of: message)
        // "NSURLConnection delegate method connection:didReceiveData:" ends with its selector.
        if case .delegateMethod = self, let selector = finding.split(separator: " ").last,
           let method = DelegateMethodCatalogue.bySelector[String(selector)]?.objectiveCReplacement {
            replacement = "\(method) (migrate-scan --fix rewrites it; \(ConnectionAPICatalogue.objectiveCGuide))"
        }
        return (finding + "; use " + replacement, replacement)
    }

    private static let adviceSeparator = LiteralSearch("; use ")

    /// `message` without the "(migrate-scan --fix …)" it ends with: what `--fix` itself prints of a
    /// finding it left is not advice to run `--fix`.
    package static func withoutFixAdvice(_ message: String) -> String {
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
