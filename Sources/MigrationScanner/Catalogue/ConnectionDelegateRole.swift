/// What an NSURLConnection delegate method does, and the NSURLSession method that does it.
///
/// `DelegateMethodCatalogue` gives each selector its role; the role gives the new declaration,
/// read by the planners to recognise methods and by the emitters to write their replacements.
enum ConnectionDelegateRole: Sendable, Equatable {
    case response, data, finish, failure, redirect, challenge, uploadProgress, cache
    /// `connectionShouldUseCredentialStorage:`: NSURLSession has no such question (its
    /// configuration's `URLCredentialStorage` answers it), so the method is kept and asked when
    /// the session is created.
    case credentialStorage
    /// `connection:canAuthenticateAgainstProtectionSpace:`: kept, and asked by the challenge
    /// method first, which refuses a space it answers NO for with
    /// NSURLSessionAuthChallengeRejectProtectionSpace (NSURLSession has no such question).
    case protectionSpace
    /// `connection:didCancelAuthenticationChallenge:`: kept as an ordinary method (NSURLSession
    /// never cancels a challenge it asked about: it tells the completion method instead).
    case cancelledChallenge
    /// `connection:needNewBodyStream:`: a fresh body stream for a request resent (after a redirect
    /// or a challenge); its request is the task's current one.
    case bodyStream

    /// The Objective-C declaration of the NSURLSession method, given the old parameter names
    /// (the connection's first), so the old body reads the same variables; nil when the method
    /// keeps its declaration or is merged into the completion method. The redirect body becomes
    /// a method of the class that still returns its answer: the session's redirect method and the
    /// creation of each task (for the first request, which NSURLSession never asks about) call it.
    func sessionDeclaration(parameterNames names: [String]) -> String? {
        func name(_ index: Int) -> String { index < names.count ? names[index] : "_" }
        switch self {
        case .response:
            return "- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)\(name(0)) "
                + "didReceiveResponse:(NSURLResponse *)\(name(1)) "
                + "completionHandler:(void (^)(NSURLSessionResponseDisposition))completionHandler"
        case .data:
            return "- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)\(name(0)) "
                + "didReceiveData:(NSData *)\(name(1))"
        case .redirect:
            return "- (NSURLRequest *)sessionWillSendRequest:(NSURLRequest *)\(name(1)) redirectResponse:(NSURLResponse *)\(name(2))"
        case .challenge:
            return "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)\(name(0)) "
                + "didReceiveChallenge:(NSURLAuthenticationChallenge *)\(name(1)) "
                + "completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler"
        case .uploadProgress:
            return "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)\(name(0)) "
                + "didSendBodyData:(int64_t)\(name(1)) totalBytesSent:(int64_t)\(name(2)) "
                + "totalBytesExpectedToSend:(int64_t)\(name(3))"
        case .cache:
            return "- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)\(name(0)) "
                + "willCacheResponse:(NSCachedURLResponse *)\(name(1)) "
                + "completionHandler:(void (^)(NSCachedURLResponse *))completionHandler"
        case .bodyStream:
            return "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)\(name(0)) "
                + "needNewBodyStream:(void (^)(NSInputStream *))completionHandler"
        case .finish, .failure, .credentialStorage, .protectionSpace, .cancelledChallenge:
            return nil
        }
    }

    /// The Objective-C redirect body's method when the body reads its connection: asked with the
    /// task (for the first request, the task created for it and not yet started).
    static func taskRedirectDeclaration(parameterNames names: [String]) -> String {
        "- (NSURLRequest *)sessionTask:(NSURLSessionDataTask *)\(names[0]) willSendRequest:(NSURLRequest *)\(names[1]) "
            + "redirectResponse:(NSURLResponse *)\(names[2])"
    }

    /// The name the moved Swift redirect body goes by: it answers for the first request and each redirect.
    static let swiftRedirectMethod = "sessionWillSend"
    /// The name the moved Swift `connectionShouldUseCredentialStorage(_:)` body goes by.
    static let swiftCredentialStorageMethod = "sessionShouldUseCredentialStorage"

    /// The Swift declaration of the URLSession method, given the old parameter names (the
    /// connection's first) and the names of the session, task and completion handler parameters;
    /// nil when the method is merged into the completion method.
    func swiftSessionDeclaration(parameterNames names: [String], session: String, task: String, completionHandler: String) -> String? {
        let parameter = Self.swiftParameter
        switch self {
        case .response:
            return "func urlSession(_ \(session): URLSession, \(parameter("dataTask", task)): URLSessionDataTask, "
                + "didReceive \(names[1]): URLResponse, "
                + "\(parameter("completionHandler", completionHandler)): @escaping @Sendable (URLSession.ResponseDisposition) -> Void)"
        case .data:
            return "func urlSession(_ \(session): URLSession, \(parameter("dataTask", task)): URLSessionDataTask, didReceive \(names[1]): Data)"
        case .redirect:
            return "func \(Self.swiftRedirectMethod)(_ \(names[1]): URLRequest, redirectResponse \(names[2]): URLResponse?) "
                + "-> URLRequest?"
        case .credentialStorage:
            return "func \(Self.swiftCredentialStorageMethod)() -> Bool"
        case .challenge:
            return "func urlSession(_ \(session): URLSession, \(parameter("task", task)): URLSessionTask, "
                + "didReceive \(names[1]): URLAuthenticationChallenge, "
                + "\(parameter("completionHandler", completionHandler)): @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)"
        case .uploadProgress:
            return "func urlSession(_ \(session): URLSession, \(parameter("task", task)): URLSessionTask, didSendBodyData \(names[1]): Int64, "
                + "totalBytesSent \(names[2]): Int64, totalBytesExpectedToSend \(names[3]): Int64)"
        // The Swift target leaves these on the shim (`SwiftConnectionMigrationPlanner.movedRoles`).
        case .finish, .failure, .cache, .protectionSpace, .cancelledChallenge, .bodyStream:
            return nil
        }
    }

    /// A Swift parameter: a name that is its label is written once.
    static func swiftParameter(_ label: String, _ name: String) -> String {
        label == name ? label : "\(label) \(name)"
    }

    /// The type the NSURLSession method (or, for redirects, `-sessionWillSendRequest:redirectResponse:`)
    /// gives the old method's parameter `index` (the connection's is 0), for the parameters an old
    /// declaration may narrow (`didReceiveResponse:(NSHTTPURLResponse *)response`).
    func sessionParameterType(at index: Int) -> String? {
        switch (self, index) {
        case (.response, 1): "NSURLResponse *"
        case (.data, 1): "NSData *"
        case (.redirect, 1): "NSURLRequest *"
        case (.redirect, 2): "NSURLResponse *"
        case (.challenge, 1): "NSURLAuthenticationChallenge *"
        case (.cache, 1): "NSCachedURLResponse *"
        default: nil
        }
    }

    /// Why a moved body of this role may not read its connection parameter (nil when it may):
    /// the emitters ask these bodies when no task exists.
    var whyTheBodyCannotReadItsConnection: String? {
        switch self {
        case .credentialStorage:
            "the session asks it once, when it is created, before any task"
        case .redirect:
            "no task exists yet when the moved body answers for the first request (the session never asks about it, "
                + "so each task's creation does)"
        default:
            nil
        }
    }

    /// Whether the NSURLSession method receives an `NSURLSessionTask *` where the old one
    /// received the connection: a body that uses the connection then reads it through an
    /// `NSURLSessionDataTask *` of the old name, so it can go on passing it to the class's own
    /// methods whose stored-connection parameters became `NSURLSessionDataTask *`.
    var receivesGenericTask: Bool {
        switch self {
        case .challenge, .uploadProgress, .finish, .failure, .bodyStream: true
        case .response, .data, .redirect, .cache, .credentialStorage, .protectionSpace, .cancelledChallenge: false
        }
    }

    /// How the body's `return` statements hand their answer to the completion handler instead.
    var returnHandling: ReturnHandling {
        switch self {
        case .response: .answerResponse
        case .cache, .bodyStream: .passReturnedValue
        default: .unchanged
        }
    }

    /// What becomes of `return` in a moved body.
    enum ReturnHandling: Sendable, Equatable {
        case unchanged
        /// `return;` → `{ completionHandler(answer); return; }`, and the call also ends the body. The
        /// answer is NSURLSessionResponseCancel when the body cancelled the task, as NSURLConnection
        /// sent nothing after `-cancel`, NSURLSessionResponseAllow otherwise.
        case answerResponse
        /// `return expression;` → `{ completionHandler(expression); return; }`.
        case passReturnedValue
    }
}
