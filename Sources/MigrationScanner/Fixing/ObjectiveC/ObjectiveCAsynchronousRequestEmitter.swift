/// Moves `[NSURLConnection sendAsynchronousRequest:r queue:q completionHandler:h]` onto the
/// shared NSURLSession (which needs no invalidation): the call becomes
/// `SessionSendAsynchronousRequest(r, q, h)`, a function the emitter adds once per file after
/// its imports. Its arguments are evaluated where they were, and `h` is called as
/// NSURLConnection called it: on `q`, with (response, data, error), data nil on failure and
/// never nil on success.
struct ObjectiveCAsynchronousRequestEmitter: TokenEditing {
    static let functionName = "SessionSendAsynchronousRequest"

    let file: ScannedFile

    init(file: ScannedFile) {
        self.file = file
    }

    /// The edits for `calls`: each call, and the function when the file does not define it yet.
    func edits(for calls: [ObjectiveCAsynchronousRequest]) -> [SourceEdit] {
        guard !calls.isEmpty else { return [] }
        var edits = calls.flatMap { call in
            [
                replacing(call.call.lowerBound...(call.call.lowerBound + 3), with: "\(Self.functionName)("),
                separatingArgument(at: call.queueLabel),
                separatingArgument(at: call.handlerLabel),
                replacing(call.call.upperBound...call.call.upperBound, with: ")"),
            ]
        }
        if !(0..<stream.count).contains(where: { stream.text($0) == Self.functionName }) {
            let offset = functionOffset()
            edits.append(SourceEdit(range: offset..<offset, replacement: offset == 0 ? Self.function + "\n" : "\n" + Self.function))
        }
        return edits
    }

    /// `label:` and the blanks before it become `, `.
    private func separatingArgument(at label: Int) -> SourceEdit {
        SourceEdit(range: Int(stream[label - 1].end)..<Int(stream[label + 2].start), replacement: ", ")
    }

    /// After the file's opening preprocessor lines (its imports), outside any `#if` left open
    /// there; the start of the file when it has none.
    private func functionOffset() -> Int {
        var depth = 0
        var anchor: Token?
        // The code stream has no preprocessor lines: read them from the tokens with trivia.
        for token in ObjectiveCLexer.tokens(in: bytes, keepsTrivia: true) {
            if token.kind == .comment || token.kind == .docComment { continue }
            guard token.kind == .preprocessor else { break }
            let directive = String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
                .dropFirst().drop { $0 == " " || $0 == "\t" }
            if directive.hasPrefix("if") { depth += 1 }
            if directive.hasPrefix("endif") { depth -= 1 }
            if depth == 0 { anchor = token }
        }
        guard let anchor else { return 0 }
        // The directive's line ends at a line feed, a carriage return or both (a file from classic Mac OS).
        var offset = Int(anchor.end)
        while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
        if offset + 1 < bytes.count, bytes[offset] == 0x0D, bytes[offset + 1] == 0x0A { offset += 1 }
        return min(offset + 1, bytes.count)
    }

    static let function = """
        // +[NSURLConnection sendAsynchronousRequest:queue:completionHandler:] on the shared session,
        // which needs no invalidation. The handler runs on `queue` with NSURLConnection's arguments:
        // the response as the session gives it (nil when none arrived), data nil on failure and
        // never nil on success (an empty body is empty data), the error.
        static void \(functionName)(NSURLRequest *request, NSOperationQueue *queue,
                                                   void (^handler)(NSURLResponse *response, NSData *data, NSError *error))
        {
            [[[NSURLSession sharedSession] dataTaskWithRequest:request
                                             completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
                NSData *body = error != nil ? nil : (data != nil ? data : [NSData data]);
                [queue addOperationWithBlock:^{
                    handler(response, body, error);
                }];
            }] resume];
        }

        """
}
