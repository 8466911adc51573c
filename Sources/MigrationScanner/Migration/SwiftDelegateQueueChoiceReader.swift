/// Reads where a Swift connection the class starts later delivers its messages: a
/// `setDelegateQueue(q)` or `schedule(in:forMode:)` statement right after the connection's
/// creation (`let connection = URLConnection(request: r, delegate: self, startImmediately: false)`),
/// which the Swift URLSession emitter folds into the session's creation.
///
/// A session delivers on an operation queue, never on a run loop: which queue stands for which run
/// loop is `DelegateQueueChoice.Queue.standing(forRunLoop:)`, the Objective-C planner's rule too.
/// Any other run loop or place stays on the shim.
struct SwiftDelegateQueueChoiceReader {
    let file: ScannedFile
    private var stream: TokenStream { file.stream }

    init(file: ScannedFile) {
        self.file = file
    }

    /// The choice made by the call whose name is at `index` (`setDelegateQueue` or `schedule`),
    /// on the connection created at `site`; nil when the emitter cannot fold it into the session.
    func choice(at index: Int, after site: ConnectionMigrationPlan.CreationSite?) -> ConnectionMigrationPlan.DelegateQueueChoice? {
        let receiver = stream.isPunctuation(index - 2, "?") || stream.isPunctuation(index - 2, "!") ? index - 3 : index - 2
        guard let site, !site.startsImmediately, site.expression.upperBound == receiver - 1,
              stream.isPunctuation(site.expression.lowerBound - 1, "="), stream.haveSameText(site.expression.lowerBound - 2, receiver),
              stream.isPunctuation(index - 1, "."), stream.isPunctuation(index + 1, "("), let close = file.structure.partner(index + 1),
              startsLine(receiver), endsLine(close), let queue = queue(of: index, close: close)
        else { return nil }
        return .init(statement: receiver...close, queue: queue)
    }

    private func queue(of call: Int, close: Int) -> ConnectionMigrationPlan.DelegateQueueChoice.Queue? {
        let arguments = (call + 2)..<close
        guard stream.text(call) == ConnectionAPICatalogue.scheduleInRunLoop.swiftName else {
            guard !arguments.isEmpty else { return nil }
            if arguments.count == 1 && stream.text(arguments.lowerBound) == "nil" { return .usual }
            let isStoredValue = arguments.allSatisfy { stream.isIdentifier($0) || stream.isPunctuation($0, ".") || stream.text($0) == "self" }
            guard isStoredValue, isSerial(arguments) else { return nil }
            return .expression(arguments.lowerBound...(close - 1))
        }
        // `in` is a keyword, so not among CreationArguments' labels.
        let runLoop = call + 2
        guard stream.text(runLoop) == "in", stream.isPunctuation(runLoop + 1, ":"),
              let mode = CreationArguments(file: file, from: runLoop, to: close).labels["forMode"], mode > runLoop + 3 else { return nil }
        let name = ((runLoop + 2)..<(mode - 1)).map { stream.text($0) }.joined()
        guard name.hasPrefix("RunLoop.") || name.hasPrefix(".") else { return nil }
        return .standing(forRunLoop: String(name.drop { $0 != "." }.dropFirst()))
    }

    /// Whether the stored queue `expression` names runs one operation at a time: the main queue,
    /// or a queue whose `maxConcurrentOperationCount` the file sets to 1 (`queue.maxConcurrentOperationCount = 1`,
    /// or in the closure that initialises the property). A session calls its delegate as operations
    /// on its queue, which a concurrent queue runs at once, where a connection sent its messages one
    /// at a time.
    private func isSerial(_ expression: Range<Int>) -> Bool {
        let text = expression.map { stream.text($0) }.joined()
        if text == "OperationQueue.main" || text == ".main" { return true }
        let name = stream.text(expression.upperBound - 1)
        let initialisers: [Range<Int>] = (0..<stream.count).compactMap { index in
            guard stream.word(index) == .let || stream.word(index) == .var, stream.text(index + 1) == name,
                  let open = ((index + 2)..<min(index + 10, stream.count)).first(where: { stream.isPunctuation($0, "{") }),
                  let close = file.structure.partner(open) else { return nil }
            return open..<close
        }
        return (0..<stream.count).contains { index in
            stream.text(index) == "maxConcurrentOperationCount" && stream.isPunctuation(index + 1, "=") && stream.text(index + 2) == "1"
                && ((stream.isPunctuation(index - 1, ".") && stream.text(index - 2) == name)
                    || initialisers.contains { $0.contains(index) })
        }
    }

    /// Nothing precedes the token at `index` on its line.
    private func startsLine(_ index: Int) -> Bool {
        var offset = Int(stream[index].start)
        while offset > 0 && (stream.bytes[offset - 1] == 0x20 || stream.bytes[offset - 1] == 0x09) { offset -= 1 }
        return offset == 0 || stream.bytes[offset - 1] == 0x0A
    }

    /// Nothing follows the token at `index` on its line: the statement can go with its line.
    private func endsLine(_ index: Int) -> Bool {
        guard index + 1 < stream.count else { return true }
        let between = stream.bytes[Int(stream[index].end)..<Int(stream[index + 1].start)]
        return between.contains(0x0A)
    }
}
