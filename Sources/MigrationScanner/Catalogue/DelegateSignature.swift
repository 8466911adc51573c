/// How URLConnectionShim's protocols declare one NSURLConnection delegate method in Swift 3+.
///
/// A method with any other labels or parameter types compiles and is never called: the shim
/// only calls the protocol requirement, and an extension supplies its default.
struct DelegateSignature: Sendable {
    /// One parameter after the first (the first is always `_ connection: URLConnection`).
    struct Parameter: Sendable {
        /// The argument label (the part of the name callers see).
        var label: String
        var type: String
    }

    /// `connection`, `connectionDidFinishLoading`…
    var baseName: String
    var parameters: [Parameter]
    /// The return type, nil for `Void`.
    var returnType: String?

    /// The declaration's Swift name, e.g. `connection(_:didReceive:)`.
    var swiftName: String {
        baseName + "(_:" + parameters.map { $0.label + ":" }.joined() + ")"
    }

    /// The declaration with placeholder parameter names, for messages.
    func declaration(parameterNames: [String]) -> String {
        var pieces = ["_ \(parameterNames.first ?? "connection"): URLConnection"]
        for (offset, parameter) in parameters.enumerated() {
            let name = offset + 1 < parameterNames.count ? parameterNames[offset + 1] : parameter.label
            pieces.append(name == parameter.label ? "\(name): \(parameter.type)" : "\(parameter.label) \(name): \(parameter.type)")
        }
        return "func \(baseName)(\(pieces.joined(separator: ", ")))" + (returnType.map { " -> \($0)" } ?? "")
    }

    /// Objective-C selector → the shim's declaration (URLConnectionDelegate, URLConnectionDataDelegate,
    /// URLConnectionDownloadDelegate).
    static let bySelector: [String: DelegateSignature] = {
        func signature(_ base: String, _ parameters: [(String, String)], returns: String? = nil) -> DelegateSignature {
            DelegateSignature(
                baseName: base, parameters: parameters.map { Parameter(label: $0.0, type: $0.1) }, returnType: returns)
        }
        return [
            "connection:didFailWithError:": signature("connection", [("didFailWithError", "Error")]),
            "connectionShouldUseCredentialStorage:": signature("connectionShouldUseCredentialStorage", [], returns: "Bool"),
            "connection:willSendRequestForAuthenticationChallenge:":
                signature("connection", [("willSendRequestFor", "URLAuthenticationChallenge")]),
            "connection:canAuthenticateAgainstProtectionSpace:":
                signature("connection", [("canAuthenticateAgainstProtectionSpace", "URLProtectionSpace")], returns: "Bool"),
            "connection:didReceiveAuthenticationChallenge:":
                signature("connection", [("didReceive", "URLAuthenticationChallenge")]),
            "connection:didCancelAuthenticationChallenge:":
                signature("connection", [("didCancel", "URLAuthenticationChallenge")]),
            "connection:willSendRequest:redirectResponse:":
                signature("connection", [("willSend", "URLRequest"), ("redirectResponse", "URLResponse?")], returns: "URLRequest?"),
            "connection:didReceiveResponse:": signature("connection", [("didReceive", "URLResponse")]),
            "connection:didReceiveData:": signature("connection", [("didReceive", "Data")]),
            "connection:needNewBodyStream:":
                signature("connection", [("needNewBodyStream", "URLRequest")], returns: "InputStream?"),
            "connection:didSendBodyData:totalBytesWritten:totalBytesExpectedToWrite:":
                signature("connection", [("didSendBodyData", "Int"), ("totalBytesWritten", "Int"), ("totalBytesExpectedToWrite", "Int")]),
            "connection:willCacheResponse:":
                signature("connection", [("willCacheResponse", "CachedURLResponse")], returns: "CachedURLResponse?"),
            "connectionDidFinishLoading:": signature("connectionDidFinishLoading", []),
            "connection:didWriteData:totalBytesWritten:expectedTotalBytes:":
                signature("connection", [("didWriteData", "Int64"), ("totalBytesWritten", "Int64"), ("expectedTotalBytes", "Int64")]),
            "connectionDidResumeDownloading:totalBytesWritten:expectedTotalBytes:":
                signature("connectionDidResumeDownloading", [("totalBytesWritten", "Int64"), ("expectedTotalBytes", "Int64")]),
            "connectionDidFinishDownloading:destinationURL:":
                signature("connectionDidFinishDownloading", [("destinationURL", "URL")]),
        ]
    }()
}
