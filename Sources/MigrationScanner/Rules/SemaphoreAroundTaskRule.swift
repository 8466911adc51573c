/// Finds semaphores that turn a URLSession task into a synchronous request.
struct SemaphoreAroundTaskRule: Rule {
    static let description = RuleDescription(
        id: "semaphore-around-task",
        defaultSeverity: .note,
        summary: "A DispatchSemaphore / dispatch_semaphore_wait that waits for a URLSession task started in the same function.",
        rationale: "A hand-made synchronous request: it blocks a thread, and deadlocks when the waiting thread is the "
            + "session's delegate queue or the main thread a completion needs.",
        replacement: "async/await (try await URLSession.shared.data(for:)) or a completion handler",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                - (NSData *)fetch:(NSURLRequest *)req {
                    dispatch_semaphore_t sem = dispatch_semaphore_create(0);
                    [[[NSURLSession sharedSession] dataTaskWithRequest:req completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) {
                        dispatch_semaphore_signal(sem);
                    }] resume];
                    dispatch_semaphore_wait(sem, DISPATCH_TIME_FOREVER);
                    return nil;
                }
                """),
            RuleExample(.swift, """
                func fetch(_ url: URL) -> Data? {
                    let semaphore = DispatchSemaphore(value: 0)
                    URLSession.shared.dataTask(with: url) { _, _, _ in semaphore.signal() }.resume()
                    semaphore.wait()
                    return nil
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                func drain() {
                    let semaphore = DispatchSemaphore(value: 0)
                    queue.async { semaphore.signal() }
                    semaphore.wait()
                }
                """),
            RuleExample(.swift, "func wait() { task.resume() }"),
        ])

    /// The wait (`wait` is too common to select files by) needs a semaphore created in the function.
    static let requiredWords = WordSet([.dispatch_semaphore_create, .DispatchSemaphore])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        return file.occurrences(of: WordSet([.dispatch_semaphore_wait, .wait])).compactMap { index in
            if stream.isWord(index, .wait) {
                guard stream.isPunctuation(index - 1, "."), stream.isPunctuation(index + 1, "(") else { return nil }
            }
            guard let method = file.structure.enclosingMethod(of: index), let body = method.body else { return nil }
            let before = body.lowerBound..<index
            let createsSemaphore = before.contains {
                stream.isWord($0, .dispatch_semaphore_create) || stream.isWord($0, .DispatchSemaphore)
            }
            guard createsSemaphore, before.contains(where: { stream.isWord($0, .resume) }) else { return nil }
            return RuleMatch(
                token: index,
                finding: "Waiting on a semaphore for a URLSession task blocks this thread", advice: .use(Self.description.replacement))
        }
    }
}
