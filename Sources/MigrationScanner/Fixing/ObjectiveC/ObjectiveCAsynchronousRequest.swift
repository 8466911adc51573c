/// `[NSURLConnection sendAsynchronousRequest:r queue:q completionHandler:h]` in an Objective-C
/// file: the call `ObjectiveCAsynchronousRequestEmitter` puts on the shared NSURLSession.
/// Token positions are indices into that file's `TokenStream`.
struct ObjectiveCAsynchronousRequest: Sendable {
    /// From `[` to `]`.
    var call: ClosedRange<Int>
    /// The `queue` label (its `:` follows).
    var queueLabel: Int
    /// The `completionHandler` label (its `:` follows).
    var handlerLabel: Int

    /// Every such call in the active code of `file`, in file order.
    static func calls(in file: ScannedFile) -> [ObjectiveCAsynchronousRequest] {
        let stream = file.stream
        return (1..<max(1, stream.count - 2)).compactMap { index in
            guard stream.word(index) == .NSURLConnection, stream.isPunctuation(index - 1, "["),
                  stream.word(index + 1) == .sendAsynchronousRequest, stream.isPunctuation(index + 2, ":"),
                  !stream[index].isInactive, let close = file.structure.partner(index - 1) else { return nil }
            let labels = CreationArguments(file: file, from: index + 1, to: close).labels
            guard labels.count == 3, let queue = labels["queue"], let handler = labels["completionHandler"],
                  index + 3 < queue, queue + 2 < handler, handler + 2 < close else { return nil }
            return ObjectiveCAsynchronousRequest(call: (index - 1)...close, queueLabel: queue, handlerLabel: handler)
        }
    }
}
