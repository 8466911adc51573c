import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What libcurl says when a transfer fails for a reason NSURLConnection had a code of its own
/// for, and that code (C20, C31, C33).
///
/// Linux's URLSession reports these under whatever code libcurl's error happens to map to: a
/// reply without a status line ("HTTP/0.9") is -1002 "unsupported URL", though the URL is fine;
/// broken chunk framing, an oversized header, a body that cannot be decompressed and every
/// certificate failure are -1, "The operation couldn’t be completed". Apple's stack reports its
/// own codes. The shim recognises libcurl's wording, gives the classic code, and keeps libcurl's
/// reason in the description.
struct LibcurlFault {
    /// Lower-cased words of libcurl's message that identify the fault.
    let wording: String
    let code: Int
    /// What was wrong, for the description.
    let fault: String

    /// Every failure the shim recognises, the more specific wording first; Docs/Linux.md lists
    /// them. Certificate codes are `URLError.Code`'s, which are Apple's: Linux's `Int` constants
    /// of the -1200 family are one lower than Apple's (Docs/Linux.md).
    static let known: [LibcurlFault] = [
        LibcurlFault(wording: "http/0.9", code: NSURLErrorBadServerResponse, fault: "the reply has no HTTP status line"),
        LibcurlFault(wording: "weird server reply", code: NSURLErrorBadServerResponse, fault: "the reply is not HTTP"),
        LibcurlFault(wording: "unsupported http version", code: NSURLErrorBadServerResponse, fault: "the reply's HTTP version is not supported"),
        LibcurlFault(wording: "invalid status line", code: NSURLErrorBadServerResponse, fault: "the status line is malformed"),
        LibcurlFault(wording: "chunked-encoding", code: NSURLErrorCannotParseResponse, fault: "the chunked body is framed wrongly"),
        LibcurlFault(wording: "invalid content-length", code: NSURLErrorCannotParseResponse, fault: "the Content-Length is invalid"),
        // libcurl refuses a header block past its limit (100 KiB) as out of memory.
        LibcurlFault(wording: "out of memory", code: NSURLErrorCannotParseResponse, fault: "a response header is too large"),
        LibcurlFault(wording: "too large", code: NSURLErrorCannotParseResponse, fault: "a response header is too large"),
        // Linux's URLSession refuses, in libcurl's header callback, a header line without a space
        // after the colon or with bytes that are not UTF-8; libcurl then stops the transfer.
        LibcurlFault(
            wording: "failed writing header", code: NSURLErrorCannotParseResponse,
            fault: "a header line is not one Linux's URLSession can read (no space after the colon, or bytes that are not UTF-8)"),
        LibcurlFault(wording: "content unencoding", code: NSURLErrorCannotDecodeRawData, fault: "the body does not decode as its Content-Encoding says"),
        LibcurlFault(wording: "has expired", code: URLError.Code.serverCertificateHasBadDate.rawValue, fault: "the server's certificate has expired"),
        LibcurlFault(wording: "not yet valid", code: URLError.Code.serverCertificateNotYetValid.rawValue, fault: "the server's certificate is not yet valid"),
        LibcurlFault(
            wording: "subject name", code: URLError.Code.serverCertificateUntrusted.rawValue,
            fault: "the server's certificate is for another host"),
        LibcurlFault(
            wording: "ssl certificate problem", code: URLError.Code.serverCertificateUntrusted.rawValue,
            fault: "the server's certificate is not trusted"),
        LibcurlFault(
            wording: "ssl peer certificate", code: URLError.Code.serverCertificateUntrusted.rawValue,
            fault: "the server's certificate is not trusted"),
        LibcurlFault(wording: "ssl", code: URLError.Code.secureConnectionFailed.rawValue, fault: "the TLS handshake failed"),
        LibcurlFault(wording: "tls", code: URLError.Code.secureConnectionFailed.rawValue, fault: "the TLS handshake failed"),
    ]

    /// The fault `error` reports, if it is one the shim recognises. Only codes libcurl's faults
    /// arrive under (-1002 and -1) are considered: a real unsupported URL keeps its code.
    static func matching(_ error: NSError) -> LibcurlFault? {
        guard error.domain == NSURLErrorDomain, [NSURLErrorUnsupportedURL, NSURLErrorUnknown].contains(error.code) else { return nil }
        let text = error.localizedDescription.lowercased()
        return known.first { text.contains($0.wording) }
    }

    /// "The server returned an invalid response: the reply has no HTTP status line (libcurl:
    /// Received HTTP/0.9 when not allowed)."
    func description(reason: String) -> String {
        "\(Self.summaries[code] ?? ConnectionError.description(for: code)): \(fault) (libcurl: \(reason))."
    }

    /// The first words of each code's description.
    private static let summaries: [Int: String] = [
        NSURLErrorBadServerResponse: "The server returned an invalid response",
        NSURLErrorCannotParseResponse: "The server’s response could not be parsed",
        NSURLErrorCannotDecodeRawData: "The response could not be decoded",
        URLError.Code.secureConnectionFailed.rawValue: "An SSL error has occurred and a secure connection to the server cannot be made",
        URLError.Code.serverCertificateUntrusted.rawValue: "The certificate for this server is invalid",
        URLError.Code.serverCertificateHasBadDate.rawValue: "The certificate for this server has expired",
        URLError.Code.serverCertificateNotYetValid.rawValue: "The certificate for this server is not yet valid",
    ]
}
