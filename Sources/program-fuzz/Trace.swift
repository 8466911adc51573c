/// A program's trace of delegate-visible events, as the driver prints it: `ProgramN: event | event`.
enum Trace {
    /// Program name → its trace, from a driver's output.
    static func traces(in output: String) -> [String: String] {
        var traces: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].hasPrefix("Program") else { continue }
            let start = line.index(colon, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
            traces[String(line[..<colon])] = String(line[start...])
        }
        return traces
    }

    /// The trace as compared: each connection's events together, in their order (two connections
    /// of one delegate interleave as the network pleases, not as the API promises), and consecutive
    /// `data N` of one connection merged (how a body is split into deliveries is the network's choice).
    /// Nothing else is normalised, but for Objective-C the two differences of GNUstep's two URL
    /// stacks that generated programs meet and Apple's stacks do not have (Docs/Fuzzing.md):
    /// GNUstep's NSURLConnection never asks `connection:willSendRequest:redirectResponse:` about
    /// the first request, so that question (`willSend … redirect=nil`) is dropped on both sides;
    /// GNUstep's NSURLSessionTask `-cancel` takes effect later, on the session's thread, so what a
    /// cancelled connection is told after its `cancelled`, or after the failure a program sends
    /// itself right after cancelling (`fail Program …`), is dropped (a Swift trace keeps it).
    static func normalized(_ trace: String, language: Language) -> String {
        var cancelled: Set<Substring> = []
        let events = trace.components(separatedBy: " | ").filter { event in
            guard language == .objectiveC else { return true }
            let tag = event.prefix { $0 != " " }
            if event.hasSuffix(" cancelled") || event.hasPrefix(tag + " fail Program ") {
                cancelled.insert(tag)
                return true
            }
            return !cancelled.contains(tag) && !(event.contains(" willSend ") && event.hasSuffix(" redirect=nil"))
        }
        var tags: [Substring] = []
        var byTag: [Substring: [Substring]] = [:]
        for event in events {
            let split = event.split(separator: " ", maxSplits: 1)
            guard split.count == 2 else { continue }
            if byTag[split[0]] == nil { tags.append(split[0]) }
            byTag[split[0], default: []].append(split[1])
        }
        var result: [String] = []
        for tag in tags.sorted() {
            var merged: [String] = []
            for event in byTag[tag] ?? [] {
                if event.hasPrefix("data "), let last = merged.last, last.hasPrefix("data "),
                   let previous = Int(last.dropFirst(5)), let next = Int(event.dropFirst(5)) {
                    merged[merged.count - 1] = "data \(previous + next)"
                } else {
                    merged.append(String(event))
                }
            }
            result += merged.map { "\(tag) \($0)" }
        }
        return byTag.isEmpty ? trace : result.joined(separator: " | ")
    }
}
