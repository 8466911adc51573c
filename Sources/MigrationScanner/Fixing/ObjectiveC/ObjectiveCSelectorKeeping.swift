/// The session's delegate methods of a class that keeps its NSURLConnection delegate selectors
/// (`ConnectionMigrationPlan.keptSelectors`: it sends them to itself, names them, or declares them
/// for subclasses calling `super`). The old methods stay as ordinary methods holding their bodies,
/// their connection parameters typed as the task; each session method calls the old selector, so
/// a self-sent message, an override and its `super` call all still reach the body.
struct ObjectiveCSelectorKeeping {
    let file: ScannedFile
    private var stream: TokenStream { file.stream }

    init(file: ScannedFile) {
        self.file = file
    }

    /// The methods added before `@end`: one per kept delegate method but the challenge method
    /// (moved as usual), and `URLSession:task:didCompleteWithError:` calling the finish or
    /// failure method.
    /// `taken`: the class's instance variables, which the names the methods add may not hide.
    func forwardingMethods(_ plan: ConnectionMigrationPlan, avoiding taken: Set<String>) -> String {
        var text = ""
        for delegateMethod in plan.delegateMethods {
            let role = delegateMethod.role
            // The challenge method itself becomes the session's (its answers need the handler).
            guard role != .challenge else { continue }
            let names = delegateMethod.method.parameters.enumerated().map { index, parameter in
                parameter.name.map { stream.text($0) } ?? "argument\(index)"
            }
            let asksWithTask = role == .redirect && plan.redirectReadsConnection
            guard let declaration = asksWithTask ? ConnectionDelegateRole.taskRedirectDeclaration(parameterNames: names)
                    : role.sessionDeclaration(parameterNames: names) else { continue }
            // The session passes no request for a new body stream: the task's current one is it.
            let call = message(delegateMethod, arguments: role == .bodyStream ? [names[0], "\(names[0]).currentRequest"] : names,
                               asksWithTask: asksWithTask)
            let onOwnThread = plan.performsOnOwnThread
            // A redirect asked about the first request has no task when it does not read its connection.
            let task = role == .redirect && !asksWithTask ? "nil" : names[0]
            let answer = names.contains("answer") ? "sessionAnswer" : "answer"
            let result: String
            let body: String
            switch role {
            case .response:
                body = (onOwnThread ? ObjectiveCOwnThreadDelivery.performed(call, unlessCancelled: task) : "    \(call);\n")
                    + "    completionHandler(\(names[0]).state == NSURLSessionTaskStateCanceling "
                    + "? NSURLSessionResponseCancel : NSURLSessionResponseAllow);\n"
            case .cache, .bodyStream, .redirect:
                let type = role == .cache ? "NSCachedURLResponse *" : role == .bodyStream ? "NSInputStream *" : "NSURLRequest *"
                result = onOwnThread ? answer : call
                let prefix = onOwnThread
                    ? ObjectiveCOwnThreadDelivery.performed(call, unlessCancelled: task, result: (type, answer)) : ""
                body = prefix + (role == .redirect ? "    return \(result);\n" : "    completionHandler(\(result));\n")
            default:
                body = onOwnThread ? ObjectiveCOwnThreadDelivery.performed(call, unlessCancelled: task) : "    \(call);\n"
            }
            text += declaration + "\n{\n" + body + "}\n\n"
        }
        return text + completion(plan, avoiding: taken)
    }

    /// `URLSession:task:didCompleteWithError:`: ends the session after its last task, keeps a
    /// cancellation silent, then calls the finish or the failure method.
    private func completion(_ plan: ConnectionMigrationPlan, avoiding taken: Set<String>) -> String {
        let finish = plan.method(.finish)
        let failure = plan.method(.failure)
        let error = ObjectiveCClassStyle.unshadowed("error", avoiding: taken)
        let task = ObjectiveCClassStyle.unshadowed("task", avoiding: taken)
        var text = "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)\(task) didCompleteWithError:(NSError *)\(error)\n{\n"
        // Cancelled, the class may have left its run loop: it ends its wait there whenever it runs again.
        let endWait = plan.recordsCreatingThread
            ? "        [self sessionDeliveryDidEnd];\n" : ""
        if plan.cancelsChallenge { text += "    " + ObjectiveCSessionSupport.challengeErrorStatement(task: task, error: error) + "\n" }
        text += "    if ([self sessionTaskDidEndCancelled:\(error)]) {\n\(endWait)        return;\n    }\n"
        // On the class's own thread, performed there (a cancelled task was told nothing above).
        let performed = { (call: String) in
            !plan.performsOnOwnThread ? call
                : "[self performSessionDelivery:^{\n            \(call);\(plan.recordsCreatingThread ? "\n            [self sessionDeliveryDidEnd];" : "")\n        } unlessCancelled:nil]"
        }
        let finishCall = finish.map { performed("[self \(stream.text($0.method.name)):(NSURLSessionDataTask *)\(task)]") }
        let failureCall = failure.map { performed(message($0, arguments: [task, error])) }
        switch (finishCall, failureCall) {
        case let (finishCall?, failureCall?):
            text += "    if (\(error) == nil) {\n        \(finishCall);\n    } else {\n        \(failureCall);\n    }\n"
        case let (finishCall?, nil):
            text += "    if (\(error) == nil) {\n        \(finishCall);\n    }\n"
        case let (nil, failureCall?):
            text += "    if (\(error) != nil) {\n        \(failureCall);\n    }\n"
        case (nil, nil):
            break
        }
        return text + "}\n\n"
    }

    /// `[self piece:argument …]` sending the old selector, each argument cast to the type the old
    /// method declares where the session's differs: the task where the connection was, a narrower
    /// response. The redirect method's first request has no task yet: its connection is nil, unless
    /// the body reads it (`asksWithTask`: it is asked with the task).
    private func message(_ delegateMethod: ConnectionMigrationPlan.DelegateMethod, arguments: [String], asksWithTask: Bool = false) -> String {
        let method = delegateMethod.method
        let pieces = method.selector(in: stream).split(separator: ":").map(String.init)
        let values = method.parameters.enumerated().map { index, parameter -> String in
            let argument = index < arguments.count ? arguments[index] : "nil"
            if index == 0 {
                if delegateMethod.role == .redirect { return asksWithTask ? argument : "nil" }
                return delegateMethod.role.receivesGenericTask ? "(NSURLSessionDataTask *)\(argument)" : argument
            }
            guard let sessionType = delegateMethod.role.sessionParameterType(at: index), !parameter.type.isEmpty else { return argument }
            let declared = parameter.type.map { stream.text($0) }.joined(separator: " ")
            return declared.filter { !$0.isWhitespace } == sessionType.filter { !$0.isWhitespace } ? argument : "(\(declared))\(argument)"
        }
        return "[self " + zip(pieces, values).map { "\($0):\($1)" }.joined(separator: " ") + "]"
    }
}
