/// Rewrites a Swift file's NSURLConnection code onto URLConnectionShim.
///
/// Every edit is computed from the code tokens, so comments, string literals and formatting
/// are left as they are; running the fixer on its own output changes nothing. The edits:
/// - `NSURLConnection*` type and protocol names → `URLConnection*`, and Foundation names Swift 3
///   renamed one to one (`NSURLProtocol` → `URLProtocol`, `NSURLResponse` → `URLResponse`…);
/// - delegate method signatures → the declarations of the shim's protocols (`DelegateSignatureMatcher`),
///   which is also where `NSData`, `NSURLRequest` and `NSError` become `Data`, `URLRequest` and
///   `Error`: elsewhere a value type in place of a class can change behaviour, so they stay;
/// - a class that implements delegate methods without adopting the protocol that declares them
///   (`MissingDelegateConformance`) adopts it: the shim calls methods only through their protocol;
/// - the delegate methods of a public class that adopts a shim protocol become public
///   (`PublicDelegateWitnesses`): the shim's protocols are public Swift protocols;
/// - a URL protocol's forwarding connection delivers on a queue of its own and its registration
///   reaches the shim (`ProtocolForwardingRewrite`): otherwise it hangs on Linux;
/// - the Swift 2 labels of the class methods (`returningResponse:` → `returning:`, `canHandleRequest` → `canHandle`);
/// - `import URLConnectionShim` once, after the file's last import, and the
///   `#if canImport(FoundationNetworking)` import when the migrated file uses URL-loading types
///   without it (an Apple-era file then builds on Linux too).
struct SwiftShimEmitter: Sendable {
    /// Names replaced wherever they occur in code (not after `.`, not where they are declared).
    static let renames: [String: String] = [
        "NSURLConnection": "URLConnection",
        "NSURLConnectionDelegate": "URLConnectionDelegate",
        "NSURLConnectionDataDelegate": "URLConnectionDataDelegate",
        "NSURLConnectionDownloadDelegate": "URLConnectionDownloadDelegate",
        "NSURLProtocol": "URLProtocol",
        "NSURLProtocolClient": "URLProtocolClient",
        "NSURLResponse": "URLResponse",
        "NSHTTPURLResponse": "HTTPURLResponse",
        "NSCachedURLResponse": "CachedURLResponse",
        "NSURLAuthenticationChallenge": "URLAuthenticationChallenge",
        "NSURLProtectionSpace": "URLProtectionSpace",
        "NSURLCredential": "URLCredential",
    ]
    /// Renames that make the file use the shim, so it needs the import.
    private static let shimNames: Set<String> = [
        "NSURLConnection", "NSURLConnectionDelegate", "NSURLConnectionDataDelegate", "NSURLConnectionDownloadDelegate",
    ]
    private static let declaringKeywords: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "actor"]
    /// The types that live in FoundationNetworking on Linux (Foundation elsewhere).
    static let foundationNetworkingNames: Set<String> = [
        "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse", "HTTPURLResponse", "URLSession",
        "URLSessionTask", "URLSessionDataTask", "URLSessionConfiguration", "URLSessionDelegate", "URLSessionDataDelegate",
        "URLSessionTaskDelegate", "URLProtocol", "URLProtocolClient", "URLCredential", "URLCredentialStorage",
        "URLAuthenticationChallenge", "URLAuthenticationChallengeSender", "URLProtectionSpace", "CachedURLResponse",
        "URLCache", "HTTPCookie", "HTTPCookieStorage",
    ]
    private static let foundationNetworkingSieve = TokenTextSieve(foundationNetworkingNames)

    init() {}

    /// The edits that migrate `bytes` (a Swift file), in file order; empty when there is nothing to do.
    func edits(for bytes: [UInt8]) -> [SourceEdit] {
        edits(for: ScannedFile(bytes: bytes, language: .swift))
    }

    /// `edits(for:)` of a file already lexed.
    func edits(for file: ScannedFile) -> [SourceEdit] {
        let rewrite = rewrite(file)
        return rewrite.withImports(foundationNetworking: Self.usesURLLoading(SourceEdit.apply(rewrite.edits, to: file.stream.bytes)))
    }

    /// The edits that migrate `file`, but for the imports.
    func rewrite(_ file: ScannedFile) -> ShimRewrite {
        let stream = file.stream
        let protocolRewrite = ProtocolForwardingRewrite(file: file)
        // Edits that make the file a shim client: signatures, the protocol a delegate class must
        // adopt (the shim calls no method of a class that adopts the base protocol only, or none),
        // public witnesses, the URL protocol forwarding.
        var edits = Self.withoutConflicts(DelegateSignatureMatcher(file: file).mismatches()).flatMap(\.edits)
            + MissingDelegateConformance.all(in: file).compactMap { $0.edit(in: stream) }
            + PublicDelegateWitnesses(file: file).edits()
            + protocolRewrite.forwardingEdits()
        let mentionsShimNames = !edits.isEmpty || (0..<stream.count).contains { index in
            stream[index].kind == .identifier && stream.hasPrefix(index, "NS") && Self.shimNames.contains(stream.text(index))
                && !stream.isPunctuation(index - 1, ".")
        }
        edits += protocolRewrite.registrationEdits(fileUsesShim: mentionsShimNames)
        var usesShim = !edits.isEmpty
        let plannedRanges = edits.map(\.range)

        for index in 0..<stream.count where stream[index].kind == .identifier && stream.hasPrefix(index, "NS") {
            let name = stream.text(index)
            guard let newName = Self.renames[name], !stream.isPunctuation(index - 1, "."),
                  index == 0 || !Self.declaringKeywords.contains(stream.text(index - 1))
            else { continue }
            let range = Int(stream[index].start)..<Int(stream[index].end)
            guard !plannedRanges.contains(where: { $0.overlaps(range) }) else { continue }
            edits.append(SourceEdit(range: range, replacement: newName))
            if Self.shimNames.contains(name) { usesShim = true }
        }
        // A signature edit of a malformed file can span a call's label (a parameter list left open).
        edits += classMethodLabelEdits(stream).filter { label in !plannedRanges.contains { $0.overlaps(label.range) } }

        let placement = ImportPlacement(stream: stream)
        // Edits that conflict (a malformed file) are reported by the caller, never applied here.
        guard case .success(let resolved) = EditConflict.resolve(edits) else {
            return ShimRewrite(edits: edits, areResolved: false, usesShim: usesShim, placement: placement)
        }
        return ShimRewrite(edits: resolved, areResolved: true, usesShim: usesShim, placement: placement)
    }

    /// The fixed file names a type that lives in FoundationNetworking on Linux.
    static func usesURLLoading(_ fixed: [UInt8]) -> Bool {
        usesURLLoading(TokenStream(bytes: fixed, language: .swift))
    }

    /// `usesURLLoading` of a file already lexed.
    static func usesURLLoading(_ stream: TokenStream) -> Bool {
        (0..<stream.count).contains {
            stream[$0].kind == .identifier && foundationNetworkingSieve.mayMatch($0, in: stream)
                && foundationNetworkingNames.contains(stream.text($0))
        }
    }

    /// The mismatches whose edits no other mismatch's edits reach into. In a malformed file one
    /// declaration can run into the next, and two signatures claim the same bytes: like overlapping
    /// fix-its, both are left alone rather than one picked, so a second run decides the same way.
    private static func withoutConflicts(_ mismatches: [DelegateSignatureMismatch]) -> [DelegateSignatureMismatch] {
        let spans = mismatches.map { mismatch in
            (start: mismatch.edits.map(\.range.lowerBound).min() ?? 0, end: mismatch.edits.map(\.range.upperBound).max() ?? 0)
        }
        var kept: [DelegateSignatureMismatch] = []
        var cluster: [Int] = []
        var clusterEnd = Int.min
        func closeCluster() {
            if cluster.count == 1 { kept.append(mismatches[cluster[0]]) }
        }
        for index in mismatches.indices.sorted(by: { spans[$0].start < spans[$1].start }) {
            if !cluster.isEmpty && spans[index].start < clusterEnd {
                cluster.append(index)
                clusterEnd = max(clusterEnd, spans[index].end)
            } else {
                closeCluster()
                cluster = [index]
                clusterEnd = spans[index].end
            }
        }
        closeCluster()
        return kept
    }

    /// The migrated file, or `bytes` unchanged.
    func fix(_ bytes: [UInt8]) -> [UInt8] {
        SourceEdit.apply(edits(for: bytes), to: bytes)
    }

    /// Class methods Swift 2 spelled otherwise (`ConnectionAPICatalogue.Entry.swift2Spelling`):
    /// `NSURLConnection.sendSynchronousRequest(r, returningResponse: &p)`, `NSURLConnection.canHandleRequest(r)`.
    /// The shim keeps the Swift 3 names.
    private func classMethodLabelEdits(_ stream: TokenStream) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        for index in 2..<max(2, stream.count) where stream[index].kind == .identifier {
            guard stream.isPunctuation(index - 1, "."),
                  ["NSURLConnection", "URLConnection"].contains(stream.text(index - 2)) else { continue }
            guard let entry = ConnectionAPICatalogue.bySwift2Name[stream.text(index)], let swift2 = entry.swift2Spelling else { continue }
            if entry.swiftName != stream.text(index) {
                edits.append(SourceEdit(range: Int(stream[index].start)..<Int(stream[index].end), replacement: entry.swiftName))
            }
            let renamedLabels = zip(ConnectionAPICatalogue.Entry.labels(of: swift2), ConnectionAPICatalogue.Entry.labels(of: entry.swiftSpelling))
                .filter { $0 != $1 }
            guard !renamedLabels.isEmpty else { continue }
            let newLabel = Dictionary(uniqueKeysWithValues: renamedLabels)
            // The labels are among the call's first tokens; stop at the call's end.
            var cursor = index + 1
            var depth = 0
            while cursor < stream.count && cursor < index + 64 {
                if stream.isPunctuation(cursor, "(") { depth += 1 }
                if stream.isPunctuation(cursor, ")") {
                    depth -= 1
                    if depth <= 0 { break }
                }
                if depth == 1, let label = newLabel[stream.text(cursor)], stream.isPunctuation(cursor + 1, ":") {
                    edits.append(SourceEdit(range: Int(stream[cursor].start)..<Int(stream[cursor].end), replacement: label))
                }
                cursor += 1
            }
        }
        return edits
    }
}
