/// The three protocols of URLConnectionShim (and NSURLConnection's before them) that declare
/// delegate methods. The shim calls a method only through the protocol that declares it, where
/// NSURLConnection found any method with the right selector at run time.
enum DelegateProtocol: String, Sendable, CaseIterable {
    case base = "URLConnectionDelegate"
    case data = "URLConnectionDataDelegate"
    case download = "URLConnectionDownloadDelegate"

    /// The shim's name, which `--fix` writes.
    var shimName: String { rawValue }
    /// NSURLConnection's name for the same protocol.
    var legacyName: String { "NS" + rawValue }

    /// The protocol that declares the delegate method with this Objective-C selector.
    init(declaring selector: String) {
        self = DelegateMethodCatalogue.bySelector[selector]?.declaredBy ?? .base
    }

    /// The protocol named `name` (shim or legacy spelling), if it is one of the three.
    init?(named name: String) {
        guard let found = Self.allCases.first(where: { $0.shimName == name || $0.legacyName == name }) else { return nil }
        self = found
    }

    /// Adopting `self` makes the shim call the methods `other` declares.
    func covers(_ other: DelegateProtocol) -> Bool {
        self == other || other == .base
    }
}
