/// The code the Objective-C emitter adds to a migrated class: its session's instance
/// variables and the methods that create the session, start tasks and end the session.
/// Text, so the diff shows exactly what a reader will maintain.
enum ObjectiveCSessionSupport {
    /// The instance variables, one a line, indented by `indent`.
    static func instanceVariables(indent: String) -> String {
        "\(indent)NSURLSession *_connectionSession;\n\(indent)NSUInteger _connectionSessionTaskCount;\n"
    }

    /// The methods added before `@end`: the ones `sites` call, and the one that ends the session.
    /// `delegate` is how the session names the class: `self`, or `self` cast to the protocol
    /// when the class never declared one (old code often relied on informal delegates).
    /// A class whose deferred creations are followed by `setDelegateQueue:` (then all of them
    /// are: the plan allows one queue a class) passes that queue to the suspended-task method.
    /// A class that answers `connectionShouldUseCredentialStorage:` (`asksCredentialStorage`)
    /// gets a session without credential storage when it answers NO, as its connections had. A
    /// class with a redirect method (`asksAboutFirstRequest`) has it asked about each task's first
    /// request, as NSURLConnection asked `connection:willSendRequest:redirectResponse:`; before the
    /// task is created, or, when the method reads its connection (`asksRedirectWithTask`), with the
    /// task, created first and not yet started.
    /// A URL protocol's tasks come from the session its class shares (`sharedSession`, named by the
    /// class that hands the session's calls on: `ObjectiveCURLProtocolSession`), which stays.
    static func methods(
        for sites: [ConnectionMigrationPlan.CreationSite], delegate: String, asksCredentialStorage: Bool, asksAboutFirstRequest: Bool,
        asksRedirectWithTask: Bool = false, performsOnOwnThread: Bool = false, recordsCreatingThread: Bool = false,
        cancelsChallenge: Bool = false, sharedSession router: String? = nil
    ) -> String {
        let asksBeforeTheTask = asksAboutFirstRequest && !asksRedirectWithTask
        let deferred = sites.contains { !$0.startsImmediately || $0.resumption != nil }
        let autoreleasedCreation = sites.contains { !$0.isRetained }
        let started = sites.contains { $0.startsImmediately && $0.resumption == nil }
        let queueIsGiven = sites.contains { site in site.delegateQueue.map { $0.queue != .usual } ?? false }
        var text = "#pragma mark - NSURLSession\n\n"
        // The thread a delegate method runs on changes off the main thread: said where it is decided.
        let offMainThreadNote = "\n// Started on another thread, the connection called back on that thread's run loop;"
            + (performsOnOwnThread
                ? "\n// the session calls back on a serial queue of its own, which performs each call on\n// that thread (-performSessionDelivery:unlessCancelled:).\n//"
                : "\n// the session calls back on a serial queue of its own instead, off that thread.\n//")
        let defaultQueue = queueIsGiven ? "" : "        NSOperationQueue *queue = [NSThread isMainThread] ? [NSOperationQueue mainQueue] : nil;\n"
        let configuration = asksCredentialStorage ? """
                    // NSURLConnection asked -connectionShouldUseCredentialStorage: before each load; a
                    // session's configuration answers for all its tasks.
                    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
                    if (![self connectionShouldUseCredentialStorage:nil]) {
                        configuration.URLCredentialStorage = nil;
                    }

            """ : ""
        let configurationArgument = asksCredentialStorage ? "configuration" : "[NSURLSessionConfiguration defaultSessionConfiguration]"
        // The session and its task count change on the creating thread and, when a task ends, on
        // the session's delegate queue: under one lock that no other code takes, held for no
        // code of the class but -connectionShouldUseCredentialStorage: (asked once, as before).
        let firstTask = asksBeforeTheTask ? "(firstRequest != nil ? firstRequest : request)" : "request"
        let lockedCreation = """
                if (_connectionSession == nil) {

            """ + defaultQueue + configuration + """
                    _connectionSession = [NSURLSession sessionWithConfiguration:\(configurationArgument)
                                                                       delegate:\(delegate)
                                                                  delegateQueue:queue];
            #if !__has_feature(objc_arc)
                    [_connectionSession retain];
            #endif
                }
                _connectionSessionTaskCount += 1;
                task = [_connectionSession dataTaskWithRequest:\(firstTask)];

            """
        // The router takes the NSURLSession data delegate the class may only have declared as NSURLSessionDelegate.
        let routed = "(id<NSURLSessionDataDelegate>)self"
        let taskCreation = router.map { router in """
                NSURLSessionDataTask *task = [\(router) dataTaskWithRequest:\(firstTask) forProtocol:\(routed)];

            """ } ?? """
                NSURLSessionDataTask *task;
                // The session and its task count change here and, when a task ends, on the
                // session's queue: under a lock no other code takes.
                @synchronized ([NSURLSession class]) {

            """ + Self.indented(lockedCreation) + """
                }

            """
        let secondTask = router.map { "        task = [\($0) dataTaskWithRequest:firstRequest forProtocol:\(routed)];\n" } ?? """
                    @synchronized ([NSURLSession class]) {
                        _connectionSessionTaskCount += 1;
                        task = [_connectionSession dataTaskWithRequest:firstRequest];
                    }

            """
        let creatingThread = router == nil ? "this thread's run loop, which the class runs until it is done."
            : "the run loop of the thread that started\n    // loading, where the protocol's client expects its calls."
        let creation = (asksBeforeTheTask ? """
                NSURLRequest *firstRequest = [self sessionWillSendRequest:request redirectResponse:nil];

            """ : "") + taskCreation + (recordsCreatingThread ? """
                // The connection delivered on \(creatingThread)
                [self scheduleSessionDeliveryInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];

            """ : "") + (asksRedirectWithTask ? """
                // NSURLConnection asked about the first request with the connection that would send
                // it: the task, not yet started. Another request in the answer is sent by a task of
                // its own (a session task's request cannot change).
                NSURLRequest *firstRequest = [self sessionTask:task willSendRequest:request redirectResponse:nil];
                if (firstRequest != nil && firstRequest != request) {
                    NSURLSessionDataTask *askedTask = task;

            """ + secondTask + """
                    [askedTask cancel];
                }

            """ : "") + (asksAboutFirstRequest ? """
                if (firstRequest == nil) {
                    // Refused: the connection sent nothing and told its delegate nothing (the
                    // cancellation's NSURLErrorCancelled is kept silent).
                    [task cancel];
                }

            """ : "") + """
            #if !__has_feature(objc_arc)
                [task retain];
            #endif

            """
        // A URL protocol's session is its class's, calling back on a serial queue of its own.
        let sharedSessionOrigin = router.map { "A task of the session every instance of this class shares\n// (\($0)), whose calls are performed on the thread that started loading." }
        if deferred {
            let scheduled = sites.contains { $0.delegateQueue?.schedulesInRunLoop == true }
            let queueSource = scheduled && queueIsGiven ? "the main queue, which runs on the main\n// run loop the connection was scheduled in."
                : queueIsGiven ? "the queue -setDelegateQueue: gave the\n// connection."
                : "the queue NSURLConnection delivered on\n// (the main queue when started on the main thread)." + offMainThreadNote
            text += """
                // \(sharedSessionOrigin ?? "One session per delegate object, created with \(queueSource)") The task is returned retained, as
                // -[NSURLConnection initWithRequest:delegate:startImmediately:NO] was, and not started:
                // -resume starts it, where -start started the connection.
                - (NSURLSessionDataTask *)newSuspendedSessionDataTaskWithRequest:(NSURLRequest *)request\(queueIsGiven ? " delegateQueue:(NSOperationQueue *)queue" : "")
                {

                """ + creation + """
                    return task;
                }


                """
        }
        if started {
            let body = deferred
                ? "    NSURLSessionDataTask *task = [self newSuspendedSessionDataTaskWithRequest:request];\n"
                : creation
            let comment = deferred
                ? "// As -[NSURLConnection initWithRequest:delegate:]: returned retained, already started.\n"
                : """
                    // \(sharedSessionOrigin ?? "One session per delegate object, created with the queue NSURLConnection delivered on\n// (the main queue when started on the main thread).\(offMainThreadNote)") The task is returned retained, as
                    // -[NSURLConnection initWithRequest:delegate:] was, and already started.

                    """
            text += comment + "- (NSURLSessionDataTask *)newSessionDataTaskWithRequest:(NSURLRequest *)request\n{\n"
                + body + "    [task resume];\n    return task;\n}\n\n"
        }
        if autoreleasedCreation {
            text += """
                // As +[NSURLConnection connectionWithRequest:delegate:]: the caller does not own the task.
                - (NSURLSessionDataTask *)sessionDataTaskWithRequest:(NSURLRequest *)request
                {
                    NSURLSessionDataTask *task = [self newSessionDataTaskWithRequest:request];
                #if !__has_feature(objc_arc)
                    [task autorelease];
                #endif
                    return task;
                }


                """
        }
        if !asksAboutFirstRequest {
            text += """
                // NSURLConnection followed redirects by itself. Apple's session does too without this
                // method, but some sessions (GNUstep's) then end a redirect's task as a success with an
                // empty body: this one follows every redirect, as the connection did.
                - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task willPerformHTTPRedirection:(NSHTTPURLResponse *)response newRequest:(NSURLRequest *)request completionHandler:(void (^)(NSURLRequest *))completionHandler
                {
                    completionHandler(request);
                }


                """
        } else {
            text += """
                // NSURLConnection asked connection:willSendRequest:redirectResponse: about each redirect
                // and, with a nil redirect response, about the first request (each task's creation asks
                // about that one): -\(asksRedirectWithTask ? "sessionTask:willSendRequest:redirectResponse:" : "sessionWillSendRequest:redirectResponse:") answers both.
                - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task willPerformHTTPRedirection:(NSHTTPURLResponse *)response newRequest:(NSURLRequest *)request completionHandler:(void (^)(NSURLRequest *))completionHandler
                {
                    completionHandler(\(asksRedirectWithTask ? "[self sessionTask:(NSURLSessionDataTask *)task willSendRequest:request redirectResponse:response]" : "[self sessionWillSendRequest:request redirectResponse:response]"));
                }


                """
        }
        // What NSURLSession reports for a task the class cancelled.
        let cancelledTest = "[error.domain isEqualToString:NSURLErrorDomain] && error.code == NSURLErrorCancelled"
        if cancelsChallenge {
            text += """
                // NSURLConnection failed a connection whose challenge its delegate cancelled with
                // NSURLErrorUserCancelledAuthentication; a session ends the task with NSURLErrorCancelled,
                // which this class keeps silent as its own -cancel. Such a task is remembered until it ends.
                + (NSMutableSet *)sessionTasksWithCancelledChallenges
                {
                    static NSMutableSet *tasks = nil;
                    @synchronized ([NSURLSession class]) {
                        if (tasks == nil) {
                            tasks = [[NSMutableSet alloc] init];
                        }
                        return tasks;
                    }
                }

                - (void)sessionTask:(NSURLSessionTask *)task cancelsChallengeWith:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler
                {
                    @synchronized ([NSURLSession class]) {
                        [[[self class] sessionTasksWithCancelledChallenges] addObject:[NSValue valueWithNonretainedObject:task]];
                    }
                    completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                }

                // The error NSURLConnection gave a connection whose challenge was cancelled; `error` otherwise.
                - (NSError *)sessionTask:(NSURLSessionTask *)task errorAfterChallenge:(NSError *)error
                {
                    NSValue *key = [NSValue valueWithNonretainedObject:task];
                    @synchronized ([NSURLSession class]) {
                        NSMutableSet *tasks = [[self class] sessionTasksWithCancelledChallenges];
                        if (![tasks containsObject:key]) {
                            return error;
                        }
                        [tasks removeObject:key];
                    }
                    return [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorUserCancelledAuthentication userInfo:nil];
                }


                """
        }
        if router != nil {
            return text + """
                // Says whether the task was cancelled: NSURLConnection's -cancel told its delegate
                // nothing, NSURLSession's reports NSURLErrorCancelled, which this class keeps silent.
                // The session stays for the class's next request.
                - (BOOL)sessionTaskDidEndCancelled:(NSError *)error
                {
                    return \(cancelledTest);
                }


                """
        }
        text += """
            // Ends the session after its last task (a session retains its delegate until then) and
            // says whether the task was cancelled: NSURLConnection's -cancel told its delegate
            // nothing, NSURLSession's reports NSURLErrorCancelled, which this class keeps silent.
            - (BOOL)sessionTaskDidEndCancelled:(NSError *)error
            {
                @synchronized ([NSURLSession class]) {
                    _connectionSessionTaskCount -= 1;
                    if (_connectionSessionTaskCount == 0) {
                        [_connectionSession finishTasksAndInvalidate];
            #if !__has_feature(objc_arc)
                        [_connectionSession release];
            #endif
                        _connectionSession = nil;
                    }
                }
                return \(cancelledTest);
            }


            """
        return text
    }

    /// The completion method's first statement when the class cancels challenges: the task's error
    /// as NSURLConnection gave it (`ConnectionMigrationPlan.cancelsChallenge`).
    static func challengeErrorStatement(task: String, error: String) -> String {
        "\(error) = [self sessionTask:\(task) errorAfterChallenge:\(error)];"
    }

    /// `text` one level deeper (four spaces a line; preprocessor lines and empty ones stay).
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty || line.hasPrefix("#") ? String(line) : "    " + line
        }.joined(separator: "\n")
    }
}
