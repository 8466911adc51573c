import Locking

/// Analyses several rules ask of the same file, made on the first request and kept for the rest.
///
/// Several rules need the URL protocol subclasses, the NSURLConnection delegate methods and the
/// grouping of types by name; each made once a file instead of once a rule. The file's copies
/// (rules take it by value) share one instance.
final class SharedFileAnalyses: Sendable {
    private let typeSpansByName = Locked<[(name: String, spans: [TypeSpan])]?>(nil)
    private let urlProtocolSubclasses = Locked<[URLProtocolSubclass]?>(nil)
    private let connectionDelegateMethods = Locked<[(method: MethodSpan, selector: String)]?>(nil)
    private let openBraces = Locked<OpenBraces?>(nil)

    func typeSpansByName(making make: () -> [(name: String, spans: [TypeSpan])]) -> [(name: String, spans: [TypeSpan])] {
        Self.value(in: typeSpansByName, making: make)
    }

    func urlProtocolSubclasses(making make: () -> [URLProtocolSubclass]) -> [URLProtocolSubclass] {
        Self.value(in: urlProtocolSubclasses, making: make)
    }

    func connectionDelegateMethods(
        making make: () -> [(method: MethodSpan, selector: String)]
    ) -> [(method: MethodSpan, selector: String)] {
        Self.value(in: connectionDelegateMethods, making: make)
    }

    func openBraces(making make: () -> OpenBraces) -> OpenBraces {
        Self.value(in: openBraces, making: make)
    }

    /// Made outside the lock: one analysis may ask for another (the subclasses group the types).
    private static func value<Value>(in slot: Locked<Value?>, making make: () -> Value) -> Value {
        if let made = slot.withLock({ $0 }) { return made }
        let made = make()
        slot.withLock { $0 = made }
        return made
    }
}
