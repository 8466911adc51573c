import Foundation

/// Code that depends on how NSURLConnection delivered its delegate messages, which an
/// NSURLSession cannot reproduce: the class drives a run loop and stops it from a delegate
/// method, or sends a delegate message itself.
///
/// Found on real code: SDWebImage 3.x's downloader operation starts its connection on an
/// operation thread, runs that thread's run loop with `CFRunLoopRun()` until a delegate method
/// calls `CFRunLoopStop(CFRunLoopGetCurrent())`, and reports its own timeout by sending
/// `connection:didFailWithError:` to itself. Moved, the run loop has nothing to run and returns
/// at once (the load fails as timed out), the stop hits the session queue's thread, and the
/// self-sent message names a method that no longer exists.
extension ConnectionMigrationPlanner {
    /// Run-loop calls that wait for, or end, a wait that a delegate method is expected to end.
    private static let runLoopControl: Set<String> = ["CFRunLoopRun", "CFRunLoopRunInMode", "CFRunLoopStop"]

    /// Delegate selectors by their first piece (`connection`, `connectionDidFinishLoading`, …).
    private static let delegateSelectorsByFirstPiece: [String: Set<String>] = Dictionary(
        grouping: DelegateMethodCatalogue.roleBySelector.keys, by: { String($0.prefix { $0 != ":" }) }
    ).mapValues(Set.init)

    /// Why the token at `index` keeps the class on NSURLConnection, or nil.
    func deliveryDependenceReason(at index: Int, className: String) -> String? {
        // Asked of every token of a class: the text is made only for the few that may match.
        guard stream.isIdentifier(index) || stream[index].kind == .keyword else { return nil }
        if stream.isPunctuation(index + 1, "("), stream.hasPrefix(index, "CFRunLoop"), case let text = stream.text(index),
           Self.runLoopControl.contains(text) {
            return "\(className) calls \(text)(): it runs a run loop until a delegate method stops it. NSURLConnection called "
                + "its delegate on that run loop's thread; an NSURLSession calls it on a queue's thread, so the run loop "
                + "would return at once (nothing scheduled in it) and CFRunLoopStop would stop another thread's; "
                + "\(className) is left on NSURLConnection"
        }
        if stream.hasText(index, "run"), stream.isPunctuation(index + 1, "]"), ["currentRunLoop", "mainRunLoop"].contains(stream.text(index - 2)) {
            return "\(className) runs a run loop with -run, which returns only when nothing is scheduled in it: the connection "
                + "kept it running, a session's task does not; \(className) is left on NSURLConnection"
        }
        if ["runMode", "runUntilDate"].contains(where: { stream.hasText(index, $0) }), stream.isPunctuation(index + 1, ":"),
           stream.isPunctuation(index - 1, "]"), stream.text(index - 2) == "currentRunLoop", endsAWait(at: index) {
            let message = stream.text(index) == "runMode" ? "-runMode:beforeDate:" : "-runUntilDate:"
            return "\(className) waits in its run loop with \(message) until the run loop returns (in a loop's condition, or "
                + "once): the connection kept it running, a session's task does not, so it would return at once; "
                + "\(className) is left on NSURLConnection"
        }
        if let selector = sentDelegateSelector(at: index) {
            return "\(className) sends \(selector) to another object; that object's class stays on NSURLConnection, and "
                + "the message would carry a task where it expects a connection; \(className) is left on NSURLConnection"
        }
        return nil
    }

    /// Whether the run-loop message whose selector is at `index` ends a wait when it returns: it
    /// is in a loop's condition (`while (!done && [[NSRunLoop currentRunLoop] runMode:m beforeDate:d])`)
    /// or in no loop's body. Polled in a loop's body, the loop ends by its own condition (a flag, a
    /// deadline) whether or not anything is scheduled in the run loop.
    private func endsAWait(at index: Int) -> Bool {
        var position = index - 1
        while position > 0 {
            if stream.isPunctuation(position, ")") || stream.isPunctuation(position, "]") || stream.isPunctuation(position, "}"),
               let partner = structure.partner(position), partner < position {
                position = partner - 1
                continue
            }
            if stream.isPunctuation(position, "(") {
                if ["while", "for"].contains(stream.text(position - 1)) { return true }
            } else if stream.isPunctuation(position, "{") {
                if stream.text(position - 1) == "do" { return false }
                if stream.isPunctuation(position - 1, ")"), let open = structure.partner(position - 1),
                   ["while", "for"].contains(stream.text(open - 1)) {
                    return false
                }
            }
            position -= 1
        }
        return true
    }

    /// The delegate selector of a message to `self` or `super` whose selector starts at `index`:
    /// the class keeps the method under that selector.
    func selfSentDelegateSelector(at index: Int) -> String? {
        guard index >= 2, stream.isPunctuation(index - 2, "["), stream.hasText(index - 1, "self") || stream.hasText(index - 1, "super")
        else { return nil }
        return sentDelegateSelector(at: index)
    }

    /// The delegate selector of the message expression whose selector starts at `index`
    /// (`[self connection:c didFailWithError:e]`), or nil.
    private func sentDelegateSelector(at index: Int) -> String? {
        // Every delegate selector starts with `connection`.
        guard stream.isIdentifier(index), stream.hasPrefix(index, "connection"), endsReceiver(index - 1),
              let candidates = Self.delegateSelectorsByFirstPiece[stream.text(index)],
              let open = enclosingMessageBracket(before: index), let close = structure.partner(open)
        else { return nil }
        var selector = ""
        var position = index
        while position < close {
            if let partner = structure.partner(position), partner > position {
                position = partner + 1
                continue
            }
            if stream.isIdentifier(position), stream.isPunctuation(position + 1, ":") {
                selector += stream.text(position) + ":"
            }
            position += 1
        }
        return candidates.contains(selector) ? selector : nil
    }

    /// Whether the token at `index` can end a message's receiver: a name, `self` or `super`, `]` or `)`.
    private func endsReceiver(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        let kind = stream[index].kind
        return kind == .identifier || kind == .keyword || stream.isPunctuation(index, "]") || stream.isPunctuation(index, ")")
    }

    /// The `[` of the message whose receiver ends right before the token at `index`: the receiver
    /// is names, `self` or `super`, joined by `.` or `->`, with casts, calls and subscripts
    /// (`[self.owner connection:…]`, `[(id)x connection:…]`, `[[self owner] connection:…]`). Only
    /// the receiver is read back: a piece that follows an argument (`[x a:y connection:z]`) sends
    /// no selector of its own, and a long message is not read again for each of its pieces.
    private func enclosingMessageBracket(before index: Int) -> Int? {
        var position = index - 1
        while position >= 0 {
            if stream.isPunctuation(position, "]") || stream.isPunctuation(position, ")") {
                guard let partner = structure.partner(position) else { return nil }
                position = partner - 1
            } else if stream[position].kind == .identifier || stream[position].kind == .keyword || stream.isPunctuation(position, ".") {
                position -= 1
            } else if stream.isPunctuation(position, ">"), stream.isPunctuation(position - 1, "-") {
                position -= 2
            } else {
                return stream.isPunctuation(position, "[") ? position : nil
            }
        }
        return nil
    }
}
