import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns whatever URLSession reported into the error NSURLConnection would have reported.
///
/// Linux's URLSession reports libcurl's wording, sometimes code -1 for a dropped connection,
/// and sometimes no failing URL at all; Apple's reports its own texts. Legacy code compares
/// codes and sometimes shows `localizedDescription`, so both platforms get the classic codes,
/// keys and texts.
enum ConnectionError {
    /// NSURLConnection's descriptions, as Apple platforms printed them for a decade.
    static let classicDescriptions: [Int: String] = [
        NSURLErrorCancelled: "cancelled",
        NSURLErrorBadURL: "bad URL",
        NSURLErrorTimedOut: "The request timed out.",
        NSURLErrorUnsupportedURL: "unsupported URL",
        NSURLErrorCannotFindHost: "A server with the specified hostname could not be found.",
        NSURLErrorCannotConnectToHost: "Could not connect to the server.",
        NSURLErrorNetworkConnectionLost: "The network connection was lost.",
        NSURLErrorDNSLookupFailed: "A server with the specified hostname could not be found.",
        NSURLErrorHTTPTooManyRedirects: "too many HTTP redirects",
        NSURLErrorResourceUnavailable: "The requested resource is unavailable.",
        NSURLErrorNotConnectedToInternet: "The Internet connection appears to be offline.",
        NSURLErrorRedirectToNonExistentLocation: "The requested resource could not be found.",
        NSURLErrorBadServerResponse: "The server returned an invalid response.",
        NSURLErrorUserCancelledAuthentication: "The operation couldn’t be completed. (NSURLErrorDomain error -1012.)",
        NSURLErrorUserAuthenticationRequired: "The operation couldn’t be completed. (NSURLErrorDomain error -1013.)",
        NSURLErrorZeroByteResource: "zero byte resource",
        NSURLErrorCannotDecodeRawData: "cannot decode raw data",
        NSURLErrorCannotDecodeContentData: "cannot decode content data",
        NSURLErrorCannotParseResponse: "cannot parse response",
        NSURLErrorDataLengthExceedsMaximum: "The requested resource exceeds the maximum size allowed.",
        NSURLErrorFileDoesNotExist: "The requested URL was not found on this server.",
        NSURLErrorFileIsDirectory: "file is directory",
        NSURLErrorNoPermissionsToReadFile: "You do not have permission to access the requested resource.",
        // The -1200 family by `URLError.Code`: Linux's `NSURLError…` constants for it are one lower than Apple's.
        URLError.Code.secureConnectionFailed.rawValue: "An SSL error has occurred and a secure connection to the server cannot be made.",
        URLError.Code.serverCertificateHasBadDate.rawValue: "The certificate for this server has expired.",
        URLError.Code.serverCertificateUntrusted.rawValue: "The certificate for this server is invalid.",
        URLError.Code.serverCertificateHasUnknownRoot.rawValue: "The certificate for this server was signed by an unknown certifying authority.",
        URLError.Code.serverCertificateNotYetValid.rawValue: "The certificate for this server is not yet valid.",
        NSURLErrorCannotLoadFromNetwork: "The operation couldn’t be completed. (NSURLErrorDomain error -2000.)",
    ]

    /// The value of `NSURLErrorFailingURLStringErrorKey`, spelled out because Linux's Foundation
    /// marks the constant deprecated while NSURLConnection-era code still reads the key.
    static let failingURLStringKey = "NSErrorFailingURLStringKey"

    /// libcurl's words for a connection that ended early, which Linux reports under code -1.
    private static let connectionLostWording = [
        "transfer closed", "connection reset", "recv failure", "empty reply", "send failure",
        "failure when receiving", "connection died", "partial file",
    ]

    /// The classic `NSURLErrorDomain` error for `error`, with `NSURLErrorFailingURLErrorKey`,
    /// `NSURLErrorFailingURLStringErrorKey` and (when there was one) `NSUnderlyingErrorKey`.
    ///
    /// - Parameters:
    ///   - error: What URLSession (or the shim) reported.
    ///   - failingURL: The URL being loaded, used when `error` carries none.
    ///   - authenticationWasCancelled: The delegate cancelled a challenge; a cancellation then
    ///     means -1012, as in NSURLConnection.
    static func normalize(_ error: Error, failingURL: URL?, authenticationWasCancelled: Bool = false) -> NSError {
        if let fault = error as? ShimFault {
            var userInfo = failingURLKeys(failingURL)
            userInfo[NSLocalizedDescriptionKey] = fault.description
            return NSError(domain: NSURLErrorDomain, code: fault.code, userInfo: userInfo)
        }
        let reported = error as NSError
        let malformed = LibcurlFault.matching(reported)
        let code = malformed?.code ?? classicCode(for: reported, authenticationWasCancelled: authenticationWasCancelled)
        var userInfo = failingURLKeys((reported.userInfo[NSURLErrorFailingURLErrorKey] as? URL) ?? failingURL)
        if let underlying = reported.userInfo[NSUnderlyingErrorKey] {
            userInfo[NSUnderlyingErrorKey] = underlying
        } else if reported.domain != NSURLErrorDomain || reported.code != code {
            userInfo[NSUnderlyingErrorKey] = reported
        }
        userInfo[NSLocalizedDescriptionKey] = if let malformed {
            malformed.description(reason: reported.localizedDescription)
        } else if code == NSURLErrorUnknown {
            unknownDescription(reason: reported.localizedDescription)
        } else {
            description(for: code)
        }
        return NSError(domain: NSURLErrorDomain, code: code, userInfo: userInfo)
    }

    private static func failingURLKeys(_ url: URL?) -> [String: Any] {
        guard let url else { return [:] }
        return [NSURLErrorFailingURLErrorKey: url, failingURLStringKey: url.absoluteString]
    }

    /// The classic text for `code`, or Apple's generic wording for codes without one.
    static func description(for code: Int) -> String {
        classicDescriptions[code] ?? "The operation couldn’t be completed. (NSURLErrorDomain error \(code).)"
    }

    /// Apple's generic wording for an unknown error, with the reason that came with it: an
    /// unknown code alone tells the reader nothing.
    static func unknownDescription(reason: String) -> String {
        "The operation couldn’t be completed. (NSURLErrorDomain error -1: \(reason))"
    }

    private static func classicCode(for error: NSError, authenticationWasCancelled: Bool) -> Int {
        guard error.domain == NSURLErrorDomain else { return NSURLErrorUnknown }
        switch error.code {
        case NSURLErrorCancelled where authenticationWasCancelled:
            return NSURLErrorUserCancelledAuthentication
        case NSURLErrorUnknown where describesLostConnection(error):
            return NSURLErrorNetworkConnectionLost
        default:
            return error.code
        }
    }

    private static func describesLostConnection(_ error: NSError) -> Bool {
        let text = error.localizedDescription.lowercased()
        return connectionLostWording.contains { text.contains($0) }
    }
}
