/// The five ways an NSURLConnection delegate answers an authentication challenge (messages to
/// `challenge.sender`) and the disposition each becomes in the session's completion handler. The
/// Swift planner and the Objective-C emitter read this one table; contract C14 names the same five.
///
/// NSURLConnection's `continueWithoutCredential` sent the request on without a credential, which is
/// `useCredential` with none; `performDefaultHandling` would consult the credential storage.
enum ChallengeAnswerCatalogue {
    /// One sender message.
    struct Entry: Sendable {
        /// The Swift method of `URLAuthenticationChallengeSender` (`use`, `cancel`, …).
        var swiftMethod: String
        /// The Objective-C selector's first piece (`useCredential`, …).
        var objectiveCPiece: String
        /// The `URLSession.AuthChallengeDisposition` case.
        var swiftDisposition: String
        /// The `NSURLSessionAuthChallengeDisposition` constant.
        var objectiveCDisposition: String
        /// Whether the message's credential argument is passed on to the completion handler.
        var passesCredential = false
        /// Whether the answer fails the load: NSURLConnection with NSURLErrorUserCancelledAuthentication,
        /// a session with NSURLErrorCancelled (contract C14).
        var failsTheLoad = false
    }

    static let entries: [Entry] = [
        Entry(swiftMethod: "use", objectiveCPiece: "useCredential", swiftDisposition: "useCredential",
              objectiveCDisposition: "NSURLSessionAuthChallengeUseCredential", passesCredential: true),
        Entry(swiftMethod: "continueWithoutCredential", objectiveCPiece: "continueWithoutCredentialForAuthenticationChallenge",
              swiftDisposition: "useCredential", objectiveCDisposition: "NSURLSessionAuthChallengeUseCredential"),
        Entry(swiftMethod: "cancel", objectiveCPiece: "cancelAuthenticationChallenge", swiftDisposition: "cancelAuthenticationChallenge",
              objectiveCDisposition: "NSURLSessionAuthChallengeCancelAuthenticationChallenge", failsTheLoad: true),
        Entry(swiftMethod: "performDefaultHandling", objectiveCPiece: "performDefaultHandlingForAuthenticationChallenge",
              swiftDisposition: "performDefaultHandling", objectiveCDisposition: "NSURLSessionAuthChallengePerformDefaultHandling"),
        Entry(swiftMethod: "rejectProtectionSpaceAndContinue", objectiveCPiece: "rejectProtectionSpaceAndContinueWithChallenge",
              swiftDisposition: "rejectProtectionSpace", objectiveCDisposition: "NSURLSessionAuthChallengeRejectProtectionSpace"),
    ]

    /// The entry of each Swift sender method.
    static let bySwiftMethod: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.swiftMethod, $0) })
    /// The entry of each Objective-C selector's first piece.
    static let byObjectiveCPiece: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.objectiveCPiece, $0) })
}
