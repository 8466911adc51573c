import Foundation

/// What libcurl says when a server's reply is not valid HTTP, and the error NSURLConnection gave
/// for it (C20).
///
/// Linux's URLSession reports these under whatever code libcurl's error happens to map to: a
/// reply without a status line ("HTTP/0.9") is -1002 "unsupported URL", though the URL is fine;
/// broken chunk framing or an oversized header is -1, "The operation couldn’t be completed".
/// Apple's stack reports a bad server response. The shim recognises libcurl's wording, gives the
/// classic code, and keeps the reason in the description.
struct MalformedResponse {
    /// Lower-cased words of libcurl's message that identify the fault.
    let wording: String
    let code: Int
    /// What was wrong, for the description.
    let fault: String

    /// Every reply libcurl rejects that the shim recognises; Docs/Linux.md lists them.
    static let known: [MalformedResponse] = [
        MalformedResponse(wording: "http/0.9", code: NSURLErrorBadServerResponse, fault: "the reply has no HTTP status line"),
        MalformedResponse(wording: "weird server reply", code: NSURLErrorBadServerResponse, fault: "the reply is not HTTP"),
        MalformedResponse(wording: "unsupported http version", code: NSURLErrorBadServerResponse, fault: "the reply's HTTP version is not supported"),
        MalformedResponse(wording: "invalid status line", code: NSURLErrorBadServerResponse, fault: "the status line is malformed"),
        MalformedResponse(wording: "chunked-encoding", code: NSURLErrorCannotParseResponse, fault: "the chunked body is framed wrongly"),
        MalformedResponse(wording: "invalid content-length", code: NSURLErrorCannotParseResponse, fault: "the Content-Length is invalid"),
        // libcurl refuses a header block past its limit (100 KiB) as out of memory.
        MalformedResponse(wording: "out of memory", code: NSURLErrorCannotParseResponse, fault: "a response header is too large"),
        MalformedResponse(wording: "too large", code: NSURLErrorCannotParseResponse, fault: "a response header is too large"),
    ]

    /// The fault `error` reports, if it is one libcurl reports for a malformed reply. Only codes
    /// libcurl's faults arrive under (-1002 and -1) are considered: a real unsupported URL keeps
    /// its code.
    static func matching(_ error: NSError) -> MalformedResponse? {
        guard error.domain == NSURLErrorDomain, [NSURLErrorUnsupportedURL, NSURLErrorUnknown].contains(error.code) else { return nil }
        let text = error.localizedDescription.lowercased()
        return known.first { text.contains($0.wording) }
    }

    /// "The server returned an invalid response: the reply has no HTTP status line (libcurl:
    /// Received HTTP/0.9 when not allowed)."
    func description(reason: String) -> String {
        let summary = code == NSURLErrorBadServerResponse
            ? "The server returned an invalid response" : "The server’s response could not be parsed"
        return "\(summary): \(fault) (libcurl: \(reason))."
    }
}
