/// Finds data-delegate `didReceiveResponse` implementations that drop their completion handler.
struct ResponseCompletionNotCalledRule: Rule {
    static let description = RuleDescription(
        id: "response-completion-not-called",
        defaultSeverity: .error,
        summary: "Implements didReceiveResponse with a completion handler but never calls or passes it on.",
        rationale: "URLSession waits for the disposition: the task stalls, no data and no completion arrive.",
        replacement: "call completionHandler(.allow) (NSURLSessionResponseAllow) on every path",
        triggeringExamples: [
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                                completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) { buffer = Data() }
                """),
            RuleExample(.objectiveC, """
                - (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask
                didReceiveResponse:(NSURLResponse *)response
                 completionHandler:(void (^)(NSURLSessionResponseDisposition))completionHandler {
                    [self.client URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                                completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
                    completionHandler(.allow)   // inside didReceive response: no finding
                }
                """),
            RuleExample(.objectiveC, """
                - (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask
                didReceiveResponse:(NSURLResponse *)response completionHandler:(void (^)(NSURLSessionResponseDisposition))handler {
                    [self.delegate handleResponse:response completion:handler];
                }
                """),
            RuleExample(.objectiveC, """
                @protocol P
                - (void)URLSession:(NSURLSession *)s dataTask:(NSURLSessionDataTask *)t didReceiveResponse:(NSURLResponse *)r completionHandler:(void (^)(NSURLSessionResponseDisposition))c;
                @end
                """),
        ])

    /// Both spellings of the method have a `dataTask` label; `completionHandler` is everywhere.
    static let requiredWords = WordSet([.dataTask])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        return file.structure.methods.compactMap { method in
            guard let body = method.body, let handler = completionParameter(of: method, in: stream) else { return nil }
            if body.contains(where: { stream[$0].kind == .identifier && stream.haveSameText($0, handler) }) { return nil }
            return RuleMatch(
                token: method.name,
                finding: "didReceiveResponse never calls \(stream.text(handler)); the task stalls. "
                    + "Call \(stream.text(handler))(.allow) (NSURLSessionResponseAllow)")
        }
    }

    /// The completion handler's parameter name in a data-delegate didReceiveResponse method.
    private func completionParameter(of method: MethodSpan, in stream: TokenStream) -> Int? {
        guard !method.isFunction, method.parameters.count == 4 else { return nil }
        let labels = method.parameters.map { $0.label.map { stream.text($0) } ?? "_" }
        let name = stream.text(method.name)
        switch stream.language {
        case .objectiveC:
            guard labels == ["URLSession", "dataTask", "didReceiveResponse", "completionHandler"] else { return nil }
        case .swift:
            guard name == "urlSession" || name == "URLSession", labels[1] == "dataTask",
                  labels[2] == "didReceive" || labels[2] == "didReceiveResponse", labels[3] == "completionHandler"
            else { return nil }
        }
        return method.parameters[3].name
    }
}
