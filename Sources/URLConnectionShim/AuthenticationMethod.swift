import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authentication details that differ between Apple's Foundation and Linux's.
enum AuthenticationMethod {
    /// Server trust and client certificates, which NSURLConnection never offered to
    /// `didReceiveAuthenticationChallenge` by default. Spelled as strings because Linux's
    /// Foundation marks the constants unavailable; the values are Apple's.
    static func needsSecurityFramework(_ method: String) -> Bool {
        method == "NSURLAuthenticationMethodServerTrust" || method == "NSURLAuthenticationMethodClientCertificate"
    }
}

extension URLAuthenticationChallenge {
    /// Answers with default handling. The sender method is optional on Apple platforms and
    /// required on Linux.
    func performDefaultHandlingThroughSender() {
        #if canImport(FoundationNetworking)
        sender?.performDefaultHandling(for: self)
        #else
        sender?.performDefaultHandling?(for: self)
        #endif
    }
}
