/// Compares Swift implementations of NSURLConnection delegate methods (Swift 1/2 names such as
/// `connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!)`, or
/// Swift 3 names with Foundation's old types) with the declarations of URLConnectionShim's protocols.
struct DelegateSignatureMatcher {
    let file: ScannedFile

    private var stream: TokenStream { file.stream }

    private static let baseNames = WordSet([
        .connection, .connectionDidFinishLoading, .connectionShouldUseCredentialStorage,
        .connectionDidResumeDownloading, .connectionDidFinishDownloading,
    ])

    /// Every delegate method in the file whose signature differs from the shim's.
    func mismatches() -> [DelegateSignatureMismatch] {
        guard file.language == .swift else { return [] }
        return file.structure.methods.compactMap(mismatch)
    }

    /// The Objective-C selector of the NSURLConnection delegate method `method` implements, in
    /// any Swift era's spelling; nil when it is not one.
    func delegateSelector(of method: MethodSpan) -> String? {
        guard !method.isFunction, stream[method.name].kind == .identifier || stream[method.name].kind == .keyword,
              // The name's interned word, not its text: every method of a file is asked.
              stream.word(method.name).map(Self.baseNames.contains) == true,
              let first = method.parameters.first, hasPlausibleParameterList(method), isConnectionType(first.type)
        else { return nil }
        let selector = objectiveCSelector(method)
        guard let expected = DelegateMethodCatalogue.bySelector[selector]?.shimSignature,
              expected.parameters.count == method.parameters.count - 1
        else { return nil }
        return selector
    }

    private func mismatch(_ method: MethodSpan) -> DelegateSignatureMismatch? {
        guard let selector = delegateSelector(of: method), let expected = DelegateMethodCatalogue.bySelector[selector]?.shimSignature,
              let first = method.parameters.first
        else { return nil }
        var edits: [SourceEdit] = []
        var isNearMiss = false

        // The first parameter: no argument label, type URLConnection.
        if let label = first.label {
            if label == first.name {
                edits.append(insertion(before: label, "_ "))
            } else {
                edits.append(replacement(of: label..<(label + 1), with: "_"))
            }
            isNearMiss = true
        }
        var shadows: [String] = []
        if typeText(first.type) != "URLConnection", !first.type.isEmpty {
            edits.append(replacement(of: first.type, with: "URLConnection"))
            shadows += shadow(first, becoming: "URLConnection", in: method).map { [$0] } ?? []
        }

        for (parameter, target) in zip(method.parameters.dropFirst(), expected.parameters) {
            let currentLabel = parameter.label.map { stream.text($0) }
            if currentLabel != target.label {
                isNearMiss = true
                if let label = parameter.label, label != parameter.name {
                    edits.append(replacement(of: label..<(label + 1), with: target.label))
                } else if let name = parameter.name, name > 0, stream.text(name - 1) == "_" {
                    edits.append(replacement(of: (name - 1)..<name, with: target.label))
                } else if let name = parameter.name {
                    edits.append(insertion(before: name, target.label + " "))
                }
            }
            if typeText(parameter.type) != target.type.filter({ !$0.isWhitespace }), !parameter.type.isEmpty {
                isNearMiss = true
                edits.append(replacement(of: parameter.type, with: target.type))
                shadows += shadow(parameter, becoming: target.type, in: method).map { [$0] } ?? []
                edits += dataMemberEdits(parameter, in: method)
            }
        }
        if let body = method.body, !shadows.isEmpty {
            edits.append(shadowInsertion(shadows, before: body))
        }

        if let returnEdit = returnTypeEdit(method, expected: expected.returnType) {
            isNearMiss = true
            edits.append(returnEdit)
        }
        guard !edits.isEmpty else { return nil }
        let names = method.parameters.map { $0.name.map { stream.text($0) } ?? "connection" }
        return DelegateSignatureMismatch(
            nameToken: method.name, selector: selector, expected: expected, parameterNames: names, edits: edits,
            isNearMiss: isNearMiss)
    }

    /// `let error: NSError! = error as NSError`, or `let connection: URLConnection? = connection`: a
    /// shadowing `let` for a parameter the body uses, so the body keeps the type it was written
    /// against — `NSError` (`error.code`, which `Error` lacks) and optionals (`connection?.cancel()`,
    /// which a non-optional rejects). Nil when the new type serves the body as well.
    private func shadow(_ parameter: MethodSpan.Parameter, becoming newType: String, in method: MethodSpan) -> String? {
        guard let nameToken = parameter.name, let body = method.body, let base = parameter.type.first,
              let last = parameter.type.last else { return nil }
        let name = stream.text(nameToken)
        guard uses(name, in: body) else { return nil }
        let suffix = stream.isPunctuation(last, "?") ? "?" : stream.isPunctuation(last, "!") ? "!" : ""
        switch stream.text(base) {
        case "NSError":
            return "let \(name): NSError\(suffix) = \(name) as NSError"
        case "NSURLRequest", "NSMutableURLRequest":
            // The body returns the request as the new return type: it must stay a URLRequest.
            return nil
        default:
            return suffix.isEmpty || newType.hasSuffix("?") ? nil : "let \(name): \(newType)\(suffix) = \(name)"
        }
    }

    /// `data.length` → `data.count` for a parameter that was `NSData` and becomes `Data`.
    private func dataMemberEdits(_ parameter: MethodSpan.Parameter, in method: MethodSpan) -> [SourceEdit] {
        guard let nameToken = parameter.name, let body = method.body, let base = parameter.type.first,
              stream.text(base) == "NSData" else { return [] }
        let name = stream.text(nameToken)
        return body.compactMap { index in
            guard stream.isIdentifier(index), stream.text(index) == name, !stream.isPunctuation(index - 1, "."),
                  let member = [index + 2, index + 3].first(where: { stream.isPunctuation($0 - 1, ".") }),
                  stream.text(member) == "length" else { return nil }
            return replacement(of: member..<(member + 1), with: "count")
        }
    }

    /// `name` is read in `body` (not as a member of something else).
    private func uses(_ name: String, in body: Range<Int>) -> Bool {
        body.contains { stream.isIdentifier($0) && stream.text($0) == name && !stream.isPunctuation($0 - 1, ".") }
    }

    /// The shadowing lines at the top of the body: on a line of their own, indented as the body's
    /// first line, when the body starts on a new line; otherwise after the brace, ended by `;`.
    private func shadowInsertion(_ shadows: [String], before body: Range<Int>) -> SourceEdit {
        let brace = body.lowerBound - 1
        let breaks = LineBreaks(bytes: stream.bytes)
        guard body.lowerBound < body.upperBound, stream[body.lowerBound].line > stream[brace].line else {
            let end = Int(stream[brace].end)
            return SourceEdit(range: end..<end, replacement: shadows.map { " " + $0 + ";" }.joined())
        }
        let lineStart = breaks.lineStart(containing: Int(stream[body.lowerBound].start))
        let indent = SourceText.string(stream.bytes[lineStart..<Int(stream[body.lowerBound].start)])
        let lineBreak = breaks.lineEnd(containing: Int(stream[brace].end)).lineBreak
        return SourceEdit(range: lineStart..<lineStart, replacement: shadows.map { indent + $0 + lineBreak }.joined())
    }

    /// False when the parentheses hold what no delegate method's parameters do (a brace, a `;`, a
    /// directive, `func`, `import`): a parameter list left open in a half-edited file ran on into the
    /// code after it, and replacing its "types" would swallow that code, another declaration, or the
    /// place `import URLConnectionShim` goes.
    private func hasPlausibleParameterList(_ method: MethodSpan) -> Bool {
        var open = method.name + 1
        while open < stream.count && !stream.isPunctuation(open, "(") { open += 1 }
        guard let close = file.structure.partner(open) else { return false }
        return !(open..<close).contains { index in
            stream.isPunctuation(index, "{") || stream.isPunctuation(index, "}") || stream.isPunctuation(index, ";")
                || stream[index].kind == .directive || stream.isWord(index, .func) || stream.isWord(index, .import)
        }
    }

    private func isConnectionType(_ range: Range<Int>) -> Bool {
        // The word and the length first: `text` allocates, and a mangled file's "type" can be long.
        range.contains { index in
            stream[index].kind == .identifier && (stream.isWord(index, .NSURLConnection)
                || (stream[index].length == 13 && stream.text(index) == "URLConnection"))
        }
    }

    /// The type as written, without whitespace: `NSURLResponse!`, `[String:Any]`.
    private func typeText(_ range: Range<Int>) -> String {
        range.map { stream.text($0) }.joined()
    }

    /// Maps Swift 3+ labels (`didReceive`, told apart by the parameter's type) and Swift 1/2 labels
    /// (`didReceiveResponse`, the Objective-C pieces) to the Objective-C selector.
    private func objectiveCSelector(_ method: MethodSpan) -> String {
        let base = stream.text(method.name)
        var pieces = [base]
        for (position, parameter) in method.parameters.enumerated().dropFirst() {
            var label = parameter.label.map { stream.text($0) } ?? "_"
            if position == 1 && base == "connection" {
                let type = typeText(parameter.type)
                let isChallenge = type.contains("URLAuthenticationChallenge")
                switch label {
                case "didReceive":
                    if isChallenge {
                        label = "didReceiveAuthenticationChallenge"
                    } else if type.hasPrefix("Data") || type.hasPrefix("NSData") {
                        label = "didReceiveData"
                    } else {
                        label = "didReceiveResponse"
                    }
                case "willSend": label = isChallenge ? "willSendRequestForAuthenticationChallenge" : "willSendRequest"
                case "willSendRequestFor": label = "willSendRequestForAuthenticationChallenge"
                case "didCancel": label = "didCancelAuthenticationChallenge"
                case "canAuthenticateAgainst": label = "canAuthenticateAgainstProtectionSpace"
                default: break
                }
            }
            pieces.append(label)
        }
        return pieces.map { $0 + ":" }.joined()
    }

    /// The edit that makes the return type `expected` (nil: none), or nil when it already is.
    private func returnTypeEdit(_ method: MethodSpan, expected: String?) -> SourceEdit? {
        var open = method.name + 1
        while open < stream.count && !stream.isPunctuation(open, "(") { open += 1 }
        guard let close = file.structure.partner(open) else { return nil }
        var index = close + 1
        while index < stream.count, ["throws", "async", "rethrows"].contains(stream.text(index)) { index += 1 }
        let arrow = stream.isPunctuation(index, "-") && stream.isPunctuation(index + 1, ">")
        guard arrow else {
            // Only where the signature visibly ends (a body, the next declaration, the file's end): after
            // anything else (a stray byte order mark, a half-typed arrow) an inserted return type would
            // land before text a second run reads as the real one, and --fix would not be idempotent.
            let signatureEnds = index >= stream.count || stream.isPunctuation(index, "{") || stream.isPunctuation(index, "}")
                || stream.isPunctuation(index, ";") || stream[index].kind == .keyword || stream[index].kind == .directive
            guard let expected, signatureEnds else { return nil }
            return SourceEdit(range: Int(stream[close].end)..<Int(stream[close].end), replacement: " -> " + expected)
        }
        let typeStart = index + 2
        var typeEnd = typeStart
        while typeEnd < stream.count, !stream.isPunctuation(typeEnd, "{"), !stream.isPunctuation(typeEnd, "}"),
              !stream.isPunctuation(typeEnd, ";"), !stream.isPunctuation(typeEnd, "@"), stream[typeEnd].kind != .keyword,
              stream[typeEnd].kind != .directive {
            typeEnd += 1
        }
        // A string literal is no type: an unterminated one runs to the file's end, final newline included.
        guard typeEnd > typeStart, !(typeStart..<typeEnd).contains(where: { stream[$0].kind == .string }) else { return nil }
        guard let expected else {
            return SourceEdit(range: Int(stream[close].end)..<Int(stream[typeEnd - 1].end), replacement: "")
        }
        guard typeText(typeStart..<typeEnd) != expected.filter({ !$0.isWhitespace }) else { return nil }
        return replacement(of: typeStart..<typeEnd, with: expected)
    }

    private func replacement(of tokens: Range<Int>, with text: String) -> SourceEdit {
        SourceEdit(range: Int(stream[tokens.lowerBound].start)..<Int(stream[tokens.upperBound - 1].end), replacement: text)
    }

    private func insertion(before token: Int, _ text: String) -> SourceEdit {
        SourceEdit(range: Int(stream[token].start)..<Int(stream[token].start), replacement: text)
    }
}
