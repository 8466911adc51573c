/// What the Swift URLSession emitter adds: to a migrated class, its session, the methods that
/// create tasks in it, the one that ends the session after its last task, and the redirect method
/// that asks the moved redirect body; to a file whose synchronous calls move, `data(for:returning:)`.
/// Text, so the diff shows exactly what a reader will maintain.
struct SwiftSessionSupport {
    static let redirectMethod = ConnectionDelegateRole.swiftRedirectMethod
    static let credentialStorageMethod = ConnectionDelegateRole.swiftCredentialStorageMethod
    /// The names of the members that answer a challenge as `challenge.sender` did, and that give
    /// its task's end the error NSURLConnection reported.
    static let challengeAnswerMethod = "sessionChallengeAnswer"
    static let challengeErrorMethod = "sessionChallengeError"
    /// The name of the Linux-only set of tasks that met a challenge a class without a challenge method never answered.
    static let unansweredChallengeTasks = "sessionTasksWithoutCredential"
    /// The names of the member that cancels a task the class holds and of the tasks it cancelled.
    static let cancelMethod = "sessionCancel"
    static let cancelledTasks = "sessionTasksCancelled"

    /// The file-private extension the moved class-method calls need, at the file's end: one
    /// extension with the members the file's calls use.
    static func sessionExtension(asynchronous: Bool, returningResponse: Bool) -> String {
        "\n// MARK: URLSession (migrate-scan --fix --to urlsession)\n\nextension URLSession {\n"
            + [asynchronous ? dataTaskOnQueue : nil, returningResponse ? dataReturningResponse : nil].compactMap { $0 }
                .joined(separator: "\n")
            + "}\n"
    }

    /// `sendAsynchronousRequest(_:queue:completionHandler:)` on a session: a function, so its
    /// arguments are evaluated once, at the call, as NSURLConnection's were (a closure reading
    /// them would read them when the response arrives, and a stored queue through `self`).
    static let dataTaskOnQueue = """
            /// `sendAsynchronousRequest(_:queue:completionHandler:)` as it was: `handler` runs on
            /// `queue` with the response, the data and the error, in that order. `resume()` starts the task.
            fileprivate func dataTask(with request: URLRequest, queue: OperationQueue,
                                      completionHandler handler: @escaping @Sendable (URLResponse?, Data?, Error?) -> Void) -> URLSessionDataTask {
                dataTask(with: request) { data, response, error in
                    queue.addOperation { handler(response, data, error) }
                }
            }

        """

    /// `data(for:)` in the shape of `sendSynchronousRequest(_:returning:)`, for the file whose
    /// calls in `async` functions move, available where `data(for:)` is, so an older deployment
    /// target fails at the moved call.
    static let dataReturningResponse = """
            /// `data(for:)` in the shape of NSURLConnection's `sendSynchronousRequest(_:returning:)`:
            /// the response goes to `response`, and the caller suspends where the old call blocked.
            /// `data(for:)` came with these systems: for an older deployment target the call does
            /// not compile (it never behaves otherwise).
            @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
            fileprivate func data(for request: URLRequest, returning response: inout URLResponse?) async throws -> Data {
                let (data, received) = try await data(for: request)
                response = received
                return data
            }

        """

    let plan: ConnectionMigrationPlan

    /// The members, each line indented by `indent`; they begin and end with a blank line.
    func members(indent: String) -> String {
        var text = """

            // MARK: URLSession (migrate-scan --fix --to urlsession)

            /// The one session of this object's tasks. \(queueDocumentation)
            /// A session retains its delegate until it is invalidated, which happens after its last task ends.
            private var connectionSession: URLSession?
            private var connectionSessionTaskCount = 0

            /// A task of the session, not started: `resume()` starts it, as `start()` started the
            /// connection. Optional as the connection's failable initialiser was\(redirect ? "" : "; never nil").
            private func suspendedSessionDataTask(with request: URLRequest\(chosenQueue ? ", delegateQueue: OperationQueue" : "")) -> URLSessionDataTask? {
            \(firstRequest)    if connectionSession == nil {
            \(configuration)        connectionSession = URLSession(configuration: \(credentialStorage ? "configuration" : ".default"), delegate: self,
                                                   delegateQueue: \(chosenQueue ? "delegateQueue" : "Thread.isMainThread ? OperationQueue.main : nil"))
                }
                connectionSessionTaskCount += 1
                return connectionSession?.dataTask(with: request)
            }

            """
        if plan.creationSites.contains(where: \.startsImmediately) {
            text += """

                /// A task already started, as a connection created with `startImmediately` true was.
                private func startedSessionDataTask(with request: URLRequest) -> URLSessionDataTask? {
                    let task = suspendedSessionDataTask(with: request)
                    task?.resume()
                    return task
                }

                """
        }
        text += """

            /// Ends the session after its last task and says whether the task was cancelled:
            /// NSURLConnection's `cancel()` told its delegate nothing, URLSession's reports
            /// NSURLErrorCancelled, which this class keeps silent.
            private func sessionTaskDidEndCancelled(_ error: Error?) -> Bool {
                connectionSessionTaskCount -= 1
                if connectionSessionTaskCount == 0 {
                    connectionSession?.finishTasksAndInvalidate()
                    connectionSession = nil
                }
                guard let error = error as NSError? else { return false }
                return error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled
            }

            """
        if !plan.taskCancels.isEmpty {
            text += Self.cancelMembers
        }
        if plan.method(.challenge) != nil {
            text += Self.challengeMembers
        } else {
            text += Self.unansweredChallengeMembers
        }
        if redirect {
            text += """

                /// Each redirect goes to the redirect body as NSURLConnection sent it; a nil answer
                /// delivers the redirect response as the final one.
                func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                                newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
                    completionHandler(\(Self.redirectMethod)(request, redirectResponse: response))
                }

                """
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : indent + line
        }.joined(separator: "\n")
    }

    /// What a class that cancels a task it holds gets: NSURLConnection sent nothing after `cancel()`,
    /// where a task may still deliver what it has (on Linux a whole body read before the cancel,
    /// and its finish), so the class lets nothing more of a task it cancelled through.
    static let cancelMembers = """

        /// Tasks this object cancelled: their data and their end are not delivered to it.
        private var \(cancelledTasks): Set<Int> = []

        /// Cancels `task` as NSURLConnection's `cancel()` did: nothing more of it reaches this object.
        private func \(cancelMethod)(_ task: URLSessionTask?) {
            guard let task else { return }
            \(cancelledTasks).insert(task.taskIdentifier)
            task.cancel()
        }

        """

    /// What a class with a challenge method gets: `challenge.sender`'s answers as NSURLConnection
    /// took them (contract C14, C17). The first answer counts and later ones do nothing (URLSession's
    /// handler may be called once only); a cancelled challenge fails the task with
    /// NSURLErrorUserCancelledAuthentication, where URLSession reports a cancellation, which the
    /// class keeps silent. On Linux, swift-corelibs-foundation traps on `.useCredential` without a
    /// credential, cancels the task on `.rejectProtectionSpace` and stalls on `.performDefaultHandling`
    /// without a proposed credential; it has delivered the 401 and its body before it asks, so the
    /// task is cancelled instead and its end is the finish NSURLConnection reported.
    /// What a class without a challenge method gets on Linux: NSURLConnection went on without a
    /// credential and delivered the 401 and its body; swift-corelibs-foundation, which has
    /// delivered them already, waits for ever on the default handling of a challenge without a
    /// proposed credential, so the task is cancelled instead and its end is the finish.
    static let unansweredChallengeMembers = """

        #if canImport(FoundationNetworking)
        /// Tasks that went on without a credential: their cancellation is their finish.
        private var \(unansweredChallengeTasks): Set<Int> = []

        /// A challenge this class never answered, as NSURLConnection went on without a credential:
        /// swift-corelibs-foundation has delivered the 401 and its body already and would wait for
        /// ever on the default handling without a proposed credential, so the task stops here.
        func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            guard challenge.proposedCredential == nil else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            \(unansweredChallengeTasks).insert(task.taskIdentifier)
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
        #endif

        """

    static let challengeMembers = """

        /// Tasks whose challenge the class cancelled, and (on Linux) tasks that go on without a credential.
        private var sessionTasksCancellingChallenge: Set<Int> = []
        private var sessionTasksGoingOnWithoutCredential: Set<Int> = []

        /// Answers a challenge of `task` as NSURLConnection's challenge sender did: the first
        /// answer counts, later ones do nothing (URLSession's handler may be called once only).
        /// On Linux the 401 and its body reach this class before the challenge, which
        /// NSURLConnection (and the shim) never showed: a body that counts responses sees one more.
        private func \(challengeAnswerMethod)(to challenge: URLAuthenticationChallenge, of task: URLSessionTask,
                                            _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
            -> (URLSession.AuthChallengeDisposition, URLCredential?) -> Void {
            var answered = false
            return { disposition, credential in
                guard !answered else { return }
                answered = true
                if disposition == .cancelAuthenticationChallenge {
                    self.sessionTasksCancellingChallenge.insert(task.taskIdentifier)
                }
                #if canImport(FoundationNetworking)
                // swift-corelibs-foundation traps on .useCredential without a credential, cancels the
                // task on .rejectProtectionSpace and stalls on .performDefaultHandling without a proposed
                // one. It has delivered the 401 and its body already: the task stops, and that is its finish.
                if credential == nil && disposition != .cancelAuthenticationChallenge
                    && (disposition != .performDefaultHandling || challenge.proposedCredential == nil) {
                    self.sessionTasksGoingOnWithoutCredential.insert(task.taskIdentifier)
                    completionHandler(.cancelAuthenticationChallenge, nil)
                    return
                }
                #endif
                completionHandler(disposition, credential)
            }
        }

        /// The error NSURLConnection reported where URLSession reports `error`: a challenge the class
        /// cancelled failed the connection with NSURLErrorUserCancelledAuthentication, not a silent
        /// cancellation; a task that went on without a credential on Linux finished.
        private func \(challengeErrorMethod)(of task: URLSessionTask, _ error: Error?) -> Error? {
            if sessionTasksGoingOnWithoutCredential.remove(task.taskIdentifier) != nil {
                return nil
            }
            guard sessionTasksCancellingChallenge.remove(task.taskIdentifier) != nil, let error = error as NSError?,
                  error.domain == NSURLErrorDomain, error.code == NSURLErrorCancelled else { return error }
            var userInfo = error.userInfo
            userInfo[NSLocalizedDescriptionKey] = "The operation couldn’t be completed. (NSURLErrorDomain error -1012.)"
            return NSError(domain: NSURLErrorDomain, code: NSURLErrorUserCancelledAuthentication, userInfo: userInfo)
        }

        """

    private var redirect: Bool { plan.method(.redirect) != nil }

    private var credentialStorage: Bool { plan.method(.credentialStorage) != nil }

    /// The session's configuration, when the class answered whether to use the credential storage:
    /// NSURLConnection asked each connection, the session asks once, before its first task.
    private var configuration: String {
        guard credentialStorage else { return "" }
        return """
                    let configuration = URLSessionConfiguration.default
                    if !\(Self.credentialStorageMethod)() {
                        configuration.urlCredentialStorage = nil
                    }

            """
    }

    /// Whether the creation passes the queue the class chose (`setDelegateQueue`, the main run loop).
    private var chosenQueue: Bool {
        switch plan.delegateQueueChoice?.queue {
        case .main, .expression: true
        case .usual, nil: false
        }
    }

    private var queueDocumentation: String {
        switch plan.delegateQueueChoice?.queue {
        case .expression: return "It is created with the queue the connection's\n/// `setDelegateQueue(_:)` named."
        case .main: return "It is created with the main queue: the connection was\n/// scheduled on the main run loop."
        case .usual, nil: return """
            It is created with the queue NSURLConnection
            /// delivered on: the main queue when the first task starts on the main thread (whose run
            /// loop delivered a connection started there), a serial queue of the session's own otherwise.
            """
        }
    }

    /// The statements before the task's creation: the redirect body's answer for the first
    /// request, and the request's timeout set on the value itself.
    private var firstRequest: String {
        let timeout = """
                // swift-corelibs-foundation ignores the timeout of a request bridged from
                // NSMutableURLRequest until it is set on the URLRequest value itself.
                request.timeoutInterval = request.timeoutInterval

            """
        guard redirect else { return "    var request = request\n" + timeout }
        return """
                // NSURLConnection asked about the first request too, with no redirect response;
                // a nil answer ended the load without a message.
                guard var request = \(Self.redirectMethod)(request, redirectResponse: nil) else {
                    return nil
                }

            """ + timeout
    }
}
