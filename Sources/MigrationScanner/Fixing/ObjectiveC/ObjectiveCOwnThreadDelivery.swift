/// The code a class whose connection was scheduled in the run loop of a thread it owns gets
/// (`ConnectionMigrationPlan.ownThreadSchedulings`): the scheduling records the thread and the
/// modes, and the session's delegate methods, on the session's serial queue, perform the kept
/// methods on that thread and wait for them, so they stay in order with the class's other work
/// there (a stream scheduled in that run loop, `performSelector:onThread:`), as NSURLConnection's
/// calls did. A task cancelled on that thread calls none of them afterwards.
enum ObjectiveCOwnThreadDelivery {
    /// The instance variables, one a line, indented by `indent`; with `keepsRunLoopRunning`, the
    /// port that keeps the thread's run loop running while the class waits in it.
    static func instanceVariables(indent: String, keepsRunLoopRunning: Bool) -> String {
        "\(indent)NSThread *_connectionSessionThread;\n\(indent)NSMutableArray *_connectionSessionModes;\n"
            + (keepsRunLoopRunning ? "\(indent)NSPort *_connectionSessionPort;\n" : "")
    }

    /// The lines that release the instance variables under manual retain/release, for the start
    /// of the class's `-dealloc`, indented by `indent`.
    static func releases(indent: String, keepsRunLoopRunning: Bool) -> String {
        "#if !__has_feature(objc_arc)\n" + releaseStatements(indent: indent, keepsRunLoopRunning: keepsRunLoopRunning) + "#endif\n"
    }

    /// A `-dealloc` for a class without one, releasing the instance variables under manual retain/release.
    static func deallocMethod(keepsRunLoopRunning: Bool) -> String {
        "#if !__has_feature(objc_arc)\n// Releases what the session's delivery to this class's thread retained.\n- (void)dealloc\n{\n"
            + releaseStatements(indent: "    ", keepsRunLoopRunning: keepsRunLoopRunning) + "    [super dealloc];\n}\n#endif\n\n"
    }

    private static func releaseStatements(indent: String, keepsRunLoopRunning: Bool) -> String {
        (["_connectionSessionThread", "_connectionSessionModes"] + (keepsRunLoopRunning ? ["_connectionSessionPort"] : []))
            .map { "\(indent)[\($0) release];\n" }.joined()
    }

    /// The scheduling method and the two that perform a delegate call on the recorded thread; with
    /// `keepsRunLoopRunning` (the class starts its connection, then runs the current run loop until
    /// a delegate method stops it), the scheduling also adds a port to the run loop, which the task's
    /// end removes: the connection kept that run loop running, a session's task does not.
    static func methods(keepsRunLoopRunning: Bool) -> String {
        let addPort = keepsRunLoopRunning ? """
                    // The connection kept the run loop running until it ended; the port does now.
                    if (_connectionSessionPort == nil) {
                        _connectionSessionPort = [NSPort port];
            #if !__has_feature(objc_arc)
                        [_connectionSessionPort retain];
            #endif
                    }
                    [runLoop addPort:_connectionSessionPort forMode:mode];

            """ : ""
        let endMethod = keepsRunLoopRunning ? """
            // The task has ended: its run loop need not run for it any more. Removed on the recorded
            // thread; from another, whenever that run loop runs again (the class may have left it).
            - (void)sessionDeliveryDidEnd
            {
                NSThread *thread;
                NSPort *port;
                NSArray *modes;
                @synchronized ([NSURLSession class]) {
                    thread = _connectionSessionThread;
                    port = _connectionSessionPort;
                    modes = [NSArray arrayWithArray:_connectionSessionModes];
                }
                if (thread != nil && thread != [NSThread currentThread]) {
                    [self performSelector:@selector(sessionDeliveryDidEnd) onThread:thread withObject:nil waitUntilDone:NO modes:modes];
                    return;
                }
                for (NSString *mode in modes) {
                    [[NSRunLoop currentRunLoop] removePort:port forMode:mode];
                }
            }


            """ : ""
        return """
            // As -[NSURLConnection scheduleInRunLoop:forMode:] in the current run loop: the delegate
            // methods are performed on this thread, in each mode given.
            - (void)scheduleSessionDeliveryInRunLoop:(NSRunLoop *)runLoop forMode:(NSString *)mode
            {
                @synchronized ([NSURLSession class]) {
            #if !__has_feature(objc_arc)
                    [_connectionSessionThread release];
                    [[NSThread currentThread] retain];
            #endif
                    _connectionSessionThread = [NSThread currentThread];
                    if (_connectionSessionModes == nil) {
                        _connectionSessionModes = [[NSMutableArray alloc] init];
                    }
                    if (![_connectionSessionModes containsObject:mode]) {
                        [_connectionSessionModes addObject:mode];
                    }

            """ + addPort + """
                }
            }

            // NSURLConnection called its delegate on the run loop it was scheduled in, that of a thread
            // where this class runs other work too: each call is performed there and waited for, so it
            // stays in order with that work, and a task cancelled there (-cancel sends nothing more) is
            // told nothing more. The wait also ends when the task is no longer running or the thread
            // has ended: the call then runs nothing, or never.
            - (void)performSessionDelivery:(void (^)(void))delivery unlessCancelled:(NSURLSessionTask *)task
            {
                NSThread *thread;
                NSArray *modes;
                @synchronized ([NSURLSession class]) {
                    thread = _connectionSessionThread;
                    modes = [NSArray arrayWithArray:_connectionSessionModes];
                }
                if (thread == nil || thread == [NSThread currentThread]) {
                    if (task == nil || task.state != NSURLSessionTaskStateCanceling) {
                        delivery();
                    }
                    return;
                }
                NSCondition *condition = [[NSCondition alloc] init];
                __block BOOL ran = NO;
                void (^performed)(void) = [^{
                    if (task == nil || task.state != NSURLSessionTaskStateCanceling) {
                        delivery();
                    }
                    [condition lock];
                    ran = YES;
                    [condition signal];
                    [condition unlock];
                } copy];
                [self performSelector:@selector(runSessionDelivery:) onThread:thread withObject:performed waitUntilDone:NO modes:modes];
                [condition lock];
                while (!ran && (task == nil || task.state == NSURLSessionTaskStateRunning) && ![thread isFinished]) {
                    [condition waitUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
                }
                [condition unlock];
            #if !__has_feature(objc_arc)
                [performed release];
                [condition release];
            #endif
            }

            - (void)runSessionDelivery:(void (^)(void))delivery
            {
                delivery();
            }

            - (BOOL)sessionDeliveryIsOnAnotherThread
            {
                @synchronized ([NSURLSession class]) {
                    return _connectionSessionThread != nil && _connectionSessionThread != [NSThread currentThread];
                }
            }


            """ + endMethod
    }

    /// The first statement of the moved challenge method: off the recorded thread, the method is
    /// performed again there, where its body runs.
    static func challengeRedirection(task: String, challenge: String) -> String {
        "if ([self sessionDeliveryIsOnAnotherThread]) { [self performSessionDelivery:^{ [self URLSession:session task:\(task) "
            + "didReceiveChallenge:\(challenge) completionHandler:completionHandler]; } unlessCancelled:\(task)]; return; }"
    }

    /// A forwarding body's call performed on the recorded thread: `call;` or, with `result`
    /// (`NSURLRequest *answer`), its value kept for after the wait.
    static func performed(_ call: String, unlessCancelled task: String, result: (type: String, name: String)? = nil) -> String {
        guard let result else {
            return "    [self performSessionDelivery:^{\n        \(call);\n    } unlessCancelled:\(task)];\n"
        }
        // Made on the other thread, the answer outlives that thread's autorelease pool.
        return "    __block \(result.type)\(result.name) = nil;\n"
            + "    [self performSessionDelivery:^{\n        \(result.name) = \(call);\n"
            + "#if !__has_feature(objc_arc)\n        [\(result.name) retain];\n#endif\n"
            + "    } unlessCancelled:\(task)];\n"
            + "#if !__has_feature(objc_arc)\n    [\(result.name) autorelease];\n#endif\n"
    }
}
