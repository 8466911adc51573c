/// The arguments of a connection's creation as both planners read them:
/// `[[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]` and
/// `URLConnection(request: r, delegate: self, startImmediately: false)`.
struct CreationArguments {
    /// Argument label → index of its token, outside nested brackets.
    let labels: [String: Int]
    private let stream: TokenStream
    /// The call's closing `]` or `)`.
    private let close: Int

    /// The arguments from `start` to the call's closing bracket `close`.
    init(file: ScannedFile, from start: Int, to close: Int) {
        let stream = file.stream
        var labels: [String: Int] = [:]
        var index = start
        while index < close {
            if let partner = file.structure.partner(index), partner > index {
                index = partner + 1
                continue
            }
            // A Swift label starts the argument list or follows a comma (`a ? b : c` has none).
            if stream.isIdentifier(index), stream.isPunctuation(index + 1, ":"),
               stream.language == .objectiveC || index == start || stream.isPunctuation(index - 1, ",") {
                labels[stream.text(index)] = index
            }
            index += 1
        }
        self.labels = labels
        self.stream = stream
        self.close = close
    }

    /// The delegate argument is `self` and nothing else.
    var delegateIsSelf: Bool {
        guard let delegate = labels["delegate"] else { return false }
        var end = (labels["startImmediately"] ?? close) - 1
        if stream.isPunctuation(end, ",") { end -= 1 }
        return end == delegate + 2 && stream.text(delegate + 2) == "self"
    }

    /// Whether the connection starts at once: true without a `startImmediately` argument, its
    /// literal (`YES`/`NO`, `true`/`false`) otherwise; nil for a computed value.
    var startsImmediately: Bool? {
        guard let label = labels["startImmediately"] else { return true }
        guard label + 3 == close else { return nil }
        switch stream.text(label + 2) {
        case "YES", "true": return true
        case "NO", "false": return false
        default: return nil
        }
    }
}
