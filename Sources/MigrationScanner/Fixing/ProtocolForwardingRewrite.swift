/// Rewrites a URL protocol's forwarding connection so it delivers after migration, on Linux too.
///
/// NSURLConnection created in `startLoading` was scheduled on the run loop of the thread the
/// loading system called it on, which Apple's loading system runs. Linux's URLSession calls
/// `startLoading` on a dispatch queue whose thread never runs its run loop: a `URLConnection`
/// created there the same way never delivers a message (the load hangs). So inside a URL
/// protocol's `startLoading`, `NSURLConnection(request: r, delegate: d)` (started at once)
/// becomes `forwardingConnection(request: r, delegate: d)`, a private function the fix adds to
/// the file once, which delivers on a serial queue of its own on every platform. The
/// registration becomes `URLConnection.registerProtocolClass`, which also reaches the shim's
/// sessions (`URLProtocol.registerClass` alone does not, on Linux).
struct ProtocolForwardingRewrite {
    let file: ScannedFile

    static let functionName = "forwardingConnection"

    /// The function the fix adds, one line a string, without line breaks.
    static let functionLines = [
        "",
        "/// Added by migrate-scan --fix: a URL protocol's forwarding connection delivers on a serial queue",
        "/// of its own, because on Linux URLSession calls startLoading on a queue whose run loop never runs.",
        "private func \(functionName)(request: URLRequest, delegate: Any?) -> URLConnection? {",
        "    let queue = OperationQueue()",
        "    queue.maxConcurrentOperationCount = 1",
        "    let connection = URLConnection(request: request, delegate: delegate, startImmediately: false)",
        "    connection?.setDelegateQueue(queue)",
        "    connection?.start()",
        "    return connection",
        "}",
    ]

    /// The edits: each forwarding creation renamed and the function appended once. Empty when
    /// the file has no URL protocol forwarding this way.
    func forwardingEdits() -> [SourceEdit] {
        let stream = file.stream
        var edits: [SourceEdit] = []
        for subclass in URLProtocolSubclass.all(in: file) {
            // A nested startLoading (a half-edited file) lies in the outer one's body: read once, with it.
            for method in subclass.methods(named: .startLoading, in: stream).outermost {
                guard let body = method.body else { continue }
                for index in body where isStartedTwoArgumentCreation(index) {
                    edits.append(SourceEdit(range: Int(stream[index].start)..<Int(stream[index].end), replacement: Self.functionName))
                }
            }
        }
        guard !edits.isEmpty else { return [] }
        if !declaresFunction {
            let breaks = LineBreaks(bytes: stream.bytes)
            let lineBreak = breaks.first
            let end = stream.bytes.count
            let ending = breaks.lineEnd(containing: max(0, end - 1)).lineBreak.isEmpty && end > 0 ? lineBreak : ""
            edits.append(SourceEdit(range: end..<end, replacement: ending + Self.functionLines.map { $0 + lineBreak }.joined()))
        }
        return edits
    }

    /// `NSURLConnection(request: r, delegate: d)` or `URLConnection(…)` with exactly those labels.
    private func isStartedTwoArgumentCreation(_ index: Int) -> Bool {
        let stream = file.stream
        guard stream.isWord(index, .NSURLConnection) || stream.isWord(index, .URLConnection),
              stream.isPunctuation(index + 1, "("), !stream.isPunctuation(index - 1, "."),
              let close = file.structure.partner(index + 1) else { return false }
        var labels: [String] = []
        var depth = 0
        for token in (index + 2)..<close {
            if stream.isPunctuation(token, "(") || stream.isPunctuation(token, "[") { depth += 1 }
            if stream.isPunctuation(token, ")") || stream.isPunctuation(token, "]") { depth -= 1 }
            if depth == 0 && stream.isIdentifier(token) && stream.isPunctuation(token + 1, ":")
                && (token == index + 2 || stream.isPunctuation(token - 1, ",")) {
                labels.append(stream.text(token))
            }
        }
        return labels == ["request", "delegate"]
    }

    private var declaresFunction: Bool {
        file.structure.methods.contains { file.stream.text($0.name) == Self.functionName }
    }

    /// `NSURLProtocol.registerClass(P.self)` → `URLConnection.registerProtocolClass(P.self)`, and
    /// `unregisterClass` likewise; with `URLProtocol` as the receiver only in a file that uses the
    /// shim (elsewhere the registration may be meant for URLSession.shared alone).
    func registrationEdits(fileUsesShim: Bool) -> [SourceEdit] {
        let stream = file.stream
        var edits: [SourceEdit] = []
        for index in 0..<stream.count where stream.isWord(index, .NSURLProtocol) || (fileUsesShim && stream.isWord(index, .URLProtocol)) {
            guard stream.isPunctuation(index + 1, "."), stream.isPunctuation(index + 3, "(") else { continue }
            let replacement: String
            switch stream.text(index + 2) {
            case "registerClass": replacement = "URLConnection.registerProtocolClass"
            case "unregisterClass": replacement = "URLConnection.unregisterProtocolClass"
            default: continue
            }
            edits.append(SourceEdit(range: Int(stream[index].start)..<Int(stream[index + 2].end), replacement: replacement))
        }
        return edits
    }
}
