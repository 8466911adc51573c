/// NSURLConnection's delegate methods and what replaces each: the shim's Swift declaration, the
/// URLSession method (Swift) and NSURLSession method (Objective-C) that take its place, and the
/// role the migration planners give it. The rules, the planners, the emitters and
/// Docs/APIMapping.md (checked by `APIMappingDocumentTests`) read this one table.
///
/// Adding a delegate method is adding an entry; a `role` makes the planners consider moving it.
enum DelegateMethodCatalogue {
    /// One NSURLConnection delegate method.
    struct Entry: Sendable {
        /// The Objective-C selector, which names the method in every Swift era too.
        var selector: String
        /// The protocol that declares it (NSURLConnectionDelegate, …DataDelegate, …DownloadDelegate).
        var declaredBy: DelegateProtocol
        /// How URLConnectionShim's protocol declares it in Swift 3+.
        var shimSignature: DelegateSignature
        /// The URLSession delegate method (or setting) that replaces it in Swift.
        var swiftSessionMethod: String
        /// The NSURLSession delegate method (or setting) that replaces it in Objective-C.
        var objectiveCSessionMethod: String
        /// What the advice adds after either method: " with a nil error", a call the method must make.
        var swiftAdviceSuffix = ""
        var objectiveCAdviceSuffix = ""
        /// What the migration moves it as; nil when `--to urlsession` and the Objective-C rewrite leave
        /// the class on NSURLConnection or the shim.
        var role: ConnectionDelegateRole?

        /// The rules' advice for Swift code: the URLSession method and what it must do.
        var swiftReplacement: String { swiftSessionMethod + swiftAdviceSuffix }
        /// The rules' advice for Objective-C code.
        var objectiveCReplacement: String { objectiveCSessionMethod + objectiveCAdviceSuffix }
    }

    static let entries: [Entry] = {
        func shim(_ base: String, _ parameters: [(String, String)], returns: String? = nil) -> DelegateSignature {
            DelegateSignature(
                baseName: base, parameters: parameters.map { .init(label: $0.0, type: $0.1) }, returnType: returns)
        }
        let challenge = "urlSession(_:task:didReceive:completionHandler:)"
        let objectiveCChallenge = "URLSession:task:didReceiveChallenge:completionHandler:"
        return [
            // NSURLConnectionDelegate
            Entry(
                selector: "connection:didFailWithError:", declaredBy: .base,
                shimSignature: shim("connection", [("didFailWithError", "Error")]),
                swiftSessionMethod: "urlSession(_:task:didCompleteWithError:)",
                objectiveCSessionMethod: "URLSession:task:didCompleteWithError:", role: .failure),
            Entry(
                selector: "connectionShouldUseCredentialStorage:", declaredBy: .base,
                shimSignature: shim("connectionShouldUseCredentialStorage", [], returns: "Bool"),
                swiftSessionMethod: "URLSessionConfiguration.urlCredentialStorage",
                objectiveCSessionMethod: "NSURLSessionConfiguration's URLCredentialStorage", role: .credentialStorage),
            Entry(
                selector: "connection:willSendRequestForAuthenticationChallenge:", declaredBy: .base,
                shimSignature: shim("connection", [("willSendRequestFor", "URLAuthenticationChallenge")]),
                swiftSessionMethod: challenge, objectiveCSessionMethod: objectiveCChallenge, role: .challenge),
            Entry(
                selector: "connection:canAuthenticateAgainstProtectionSpace:", declaredBy: .base,
                shimSignature: shim("connection", [("canAuthenticateAgainstProtectionSpace", "URLProtectionSpace")], returns: "Bool"),
                swiftSessionMethod: challenge, objectiveCSessionMethod: objectiveCChallenge, role: .protectionSpace),
            Entry(
                selector: "connection:didReceiveAuthenticationChallenge:", declaredBy: .base,
                shimSignature: shim("connection", [("didReceive", "URLAuthenticationChallenge")]),
                swiftSessionMethod: challenge, objectiveCSessionMethod: objectiveCChallenge, role: .challenge),
            Entry(
                selector: "connection:didCancelAuthenticationChallenge:", declaredBy: .base,
                shimSignature: shim("connection", [("didCancel", "URLAuthenticationChallenge")]),
                swiftSessionMethod: challenge, objectiveCSessionMethod: objectiveCChallenge, role: .cancelledChallenge),
            // NSURLConnectionDataDelegate
            Entry(
                selector: "connection:willSendRequest:redirectResponse:", declaredBy: .data,
                shimSignature: shim("connection", [("willSend", "URLRequest"), ("redirectResponse", "URLResponse?")], returns: "URLRequest?"),
                swiftSessionMethod: "urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)",
                objectiveCSessionMethod: "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:", role: .redirect),
            Entry(
                selector: "connection:didReceiveResponse:", declaredBy: .data,
                shimSignature: shim("connection", [("didReceive", "URLResponse")]),
                swiftSessionMethod: "urlSession(_:dataTask:didReceive:completionHandler:)",
                objectiveCSessionMethod: "URLSession:dataTask:didReceiveResponse:completionHandler:",
                swiftAdviceSuffix: " (call completionHandler(.allow))",
                objectiveCAdviceSuffix: " (call completionHandler(NSURLSessionResponseAllow))", role: .response),
            Entry(
                selector: "connection:didReceiveData:", declaredBy: .data,
                shimSignature: shim("connection", [("didReceive", "Data")]),
                swiftSessionMethod: "urlSession(_:dataTask:didReceive:)",
                objectiveCSessionMethod: "URLSession:dataTask:didReceiveData:", role: .data),
            Entry(
                selector: "connection:needNewBodyStream:", declaredBy: .data,
                shimSignature: shim("connection", [("needNewBodyStream", "URLRequest")], returns: "InputStream?"),
                swiftSessionMethod: "urlSession(_:task:needNewBodyStream:)",
                objectiveCSessionMethod: "URLSession:task:needNewBodyStream:", role: .bodyStream),
            Entry(
                selector: "connection:didSendBodyData:totalBytesWritten:totalBytesExpectedToWrite:", declaredBy: .data,
                shimSignature: shim(
                    "connection", [("didSendBodyData", "Int"), ("totalBytesWritten", "Int"), ("totalBytesExpectedToWrite", "Int")]),
                swiftSessionMethod: "urlSession(_:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:)",
                objectiveCSessionMethod: "URLSession:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:",
                role: .uploadProgress),
            Entry(
                selector: "connection:willCacheResponse:", declaredBy: .data,
                shimSignature: shim("connection", [("willCacheResponse", "CachedURLResponse")], returns: "CachedURLResponse?"),
                swiftSessionMethod: "urlSession(_:dataTask:willCacheResponse:completionHandler:)",
                objectiveCSessionMethod: "URLSession:dataTask:willCacheResponse:completionHandler:", role: .cache),
            Entry(
                selector: "connectionDidFinishLoading:", declaredBy: .data,
                shimSignature: shim("connectionDidFinishLoading", []),
                swiftSessionMethod: "urlSession(_:task:didCompleteWithError:)",
                objectiveCSessionMethod: "URLSession:task:didCompleteWithError:",
                swiftAdviceSuffix: " with a nil error", objectiveCAdviceSuffix: " with a nil error", role: .finish),
            // NSURLConnectionDownloadDelegate
            Entry(
                selector: "connection:didWriteData:totalBytesWritten:expectedTotalBytes:", declaredBy: .download,
                shimSignature: shim(
                    "connection", [("didWriteData", "Int64"), ("totalBytesWritten", "Int64"), ("expectedTotalBytes", "Int64")]),
                swiftSessionMethod: "urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:)",
                objectiveCSessionMethod: "URLSession:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:"),
            Entry(
                selector: "connectionDidResumeDownloading:totalBytesWritten:expectedTotalBytes:", declaredBy: .download,
                shimSignature: shim("connectionDidResumeDownloading", [("totalBytesWritten", "Int64"), ("expectedTotalBytes", "Int64")]),
                swiftSessionMethod: "urlSession(_:downloadTask:didResumeAtOffset:expectedTotalBytes:)",
                objectiveCSessionMethod: "URLSession:downloadTask:didResumeAtOffset:expectedTotalBytes:"),
            Entry(
                selector: "connectionDidFinishDownloading:destinationURL:", declaredBy: .download,
                shimSignature: shim("connectionDidFinishDownloading", [("destinationURL", "URL")]),
                swiftSessionMethod: "urlSession(_:downloadTask:didFinishDownloadingTo:)",
                objectiveCSessionMethod: "URLSession:downloadTask:didFinishDownloadingToURL:"),
        ]
    }()

    /// The entry of each selector.
    static let bySelector: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.selector, $0) })

    /// The role of each selector the migration moves.
    static let roleBySelector: [String: ConnectionDelegateRole] = bySelector.compactMapValues(\.role)
}
