import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Messages common to every connection delegate: failure, credential storage and authentication.
///
/// Every method is optional: the default implementations in the protocol extension behave as
/// NSURLConnection behaves when the delegate does not implement the method. All messages are
/// sent on the connection's delegate queue, or on a run loop (and mode) it is scheduled in —
/// never concurrently for one connection.
public protocol URLConnectionDelegate: AnyObject {
    /// Sent when the connection fails to load its request. The connection sends no further
    /// message and releases its delegate after this one.
    ///
    /// - Parameters:
    ///   - connection: The connection that failed.
    ///   - error: An `NSError` in `NSURLErrorDomain` whose `userInfo` carries the failing URL.
    func connection(_ connection: URLConnection, didFailWithError error: Error)

    /// Asked once, before the load begins, whether the URL credential storage should be
    /// consulted for authentication. The default is `true`.
    func connectionShouldUseCredentialStorage(_ connection: URLConnection) -> Bool

    /// Sent when the connection must authenticate. Answer through `challenge.sender`: the first
    /// answer counts. The default implementation falls back to
    /// `connection(_:canAuthenticateAgainstProtectionSpace:)` and
    /// `connection(_:didReceive:)`, as NSURLConnection does.
    func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge)

    /// Deprecated in NSURLConnection; consulted only when `connection(_:willSendRequestFor:)`
    /// is not implemented. The default accepts every protection space except server trust and
    /// client certificates.
    func connection(_ connection: URLConnection, canAuthenticateAgainstProtectionSpace protectionSpace: URLProtectionSpace) -> Bool

    /// Deprecated in NSURLConnection; sent when `connection(_:willSendRequestFor:)` is not
    /// implemented and the protection space was accepted. The default performs default handling.
    func connection(_ connection: URLConnection, didReceive challenge: URLAuthenticationChallenge)

    /// Deprecated in NSURLConnection and never sent by URLSession; present for source compatibility.
    func connection(_ connection: URLConnection, didCancel challenge: URLAuthenticationChallenge)
}

extension URLConnectionDelegate {
    /// Default: does nothing.
    public func connection(_ connection: URLConnection, didFailWithError error: Error) {}

    /// Default: true, the URL credential storage is consulted.
    public func connectionShouldUseCredentialStorage(_ connection: URLConnection) -> Bool { true }

    /// Default: asks `connection(_:canAuthenticateAgainstProtectionSpace:)`; if true, sends
    /// `connection(_:didReceive:)`, otherwise answers with default handling.
    public func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        if self.connection(connection, canAuthenticateAgainstProtectionSpace: challenge.protectionSpace) {
            self.connection(connection, didReceive: challenge)
        } else {
            challenge.performDefaultHandlingThroughSender()
        }
    }

    /// Default: true for every protection space but server trust and client certificates.
    public func connection(_ connection: URLConnection, canAuthenticateAgainstProtectionSpace protectionSpace: URLProtectionSpace) -> Bool {
        !AuthenticationMethod.needsSecurityFramework(protectionSpace.authenticationMethod)
    }

    /// Default: answers with default handling (credential storage, or on without a credential).
    public func connection(_ connection: URLConnection, didReceive challenge: URLAuthenticationChallenge) {
        challenge.performDefaultHandlingThroughSender()
    }

    /// Default: does nothing.
    public func connection(_ connection: URLConnection, didCancel challenge: URLAuthenticationChallenge) {}
}
