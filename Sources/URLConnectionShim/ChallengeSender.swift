import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `challenge.sender` a delegate answers through: turns NSURLConnection's sender calls
/// into one URLSession disposition. The first answer counts; later ones are ignored.
///
/// Retains URLSession's completion handler until answered; a connection cancelled with an
/// unanswered challenge answers it with `.cancelAuthenticationChallenge`.
final class ChallengeSender: NSObject, URLAuthenticationChallengeSender, @unchecked Sendable {
    // Sendable: `pending` is Locked.
    private let pending: Locked<(@Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)?>
    private let onCancel: @Sendable () -> Void

    /// - Parameters:
    ///   - completionHandler: URLSession's handler, called once.
    ///   - onCancel: Called when the delegate answers `cancel(_:)`, before the handler.
    init(
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void,
        onCancel: @escaping @Sendable () -> Void
    ) {
        pending = Locked(completionHandler)
        self.onCancel = onCancel
    }

    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {
        answer(.useCredential, credential)
    }

    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {
        answer(Self.goOnWithoutCredential, nil)
    }

    func cancel(_ challenge: URLAuthenticationChallenge) {
        onCancel()
        answer(.cancelAuthenticationChallenge, nil)
    }

    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {
        answer(challenge.proposedCredential == nil ? Self.goOnWithoutCredential : .performDefaultHandling, nil)
    }

    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {
        answer(Self.rejectProtectionSpace, nil)
    }

    #if canImport(FoundationNetworking)
    // Linux's URLSession force-unwraps the credential of `.useCredential`, cancels the task on
    // `.rejectProtectionSpace` (it knows one protection space per request), and leaves the task
    // hanging on `.performDefaultHandling` when no credential is proposed. It has already
    // delivered the 401 by then, so the shim stops the task and makes that 401 the final
    // response (see `URLConnection.taskDidComplete(error:response:)`).
    private static let goOnWithoutCredential = URLSession.AuthChallengeDisposition.cancelAuthenticationChallenge
    private static let rejectProtectionSpace = URLSession.AuthChallengeDisposition.cancelAuthenticationChallenge
    #else
    private static let goOnWithoutCredential = URLSession.AuthChallengeDisposition.useCredential
    private static let rejectProtectionSpace = URLSession.AuthChallengeDisposition.rejectProtectionSpace
    #endif

    /// Answers for a connection that ended before its delegate did.
    func abandon() {
        answer(.cancelAuthenticationChallenge, nil)
    }

    private func answer(_ disposition: URLSession.AuthChallengeDisposition, _ credential: URLCredential?) {
        let handler = pending.withLock { handler in
            defer { handler = nil }
            return handler
        }
        handler?(disposition, credential)
    }
}
