/// `[NSURLConnection sendSynchronousRequest:returningResponse:error:]` stays where it is, with a
/// note saying why: its finding alone would not tell a reader that `--fix` chose to leave it.
enum ObjectiveCSynchronousRequestNote {
    package static let reason = ConnectionAPICatalogue.sendSynchronousRequest.selector + " is left as it is: NSURLSession has no "
        + "synchronous call, and a semaphore waiting for a data task deadlocks when the caller runs on the queue "
        + "that delivers the task's completion (the shared session's serial delegate queue, inside another "
        + "completion handler; the main thread, for a session on the main queue), which --fix cannot see from "
        + "the call; make the caller asynchronous with -[NSURLSession \(ConnectionAPICatalogue.sendSynchronousRequest.objectiveCCounterpart)] "
        + "(Docs/MigrationGuide.md)"

    /// The `NSURLConnection` token of each such call in the active code of `file`.
    static func calls(in file: ScannedFile) -> [Int] {
        let stream = file.stream
        return (1..<max(1, stream.count - 1)).filter { index in
            stream.word(index) == .NSURLConnection && stream.isPunctuation(index - 1, "[")
                && stream.word(index + 1) == .sendSynchronousRequest && !stream[index].isInactive
        }
    }
}
