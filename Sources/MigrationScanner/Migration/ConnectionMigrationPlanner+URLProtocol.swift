/// An NSURLProtocol that forwards its request with NSURLConnection (created in `-startLoading`,
/// with the protocol as its delegate) calls its client from the delegate methods, on the thread
/// that started loading: the connection was scheduled in that thread's run loop. Moved, its tasks
/// come from one session for the class, and the session's methods perform the old ones on that
/// thread (`ConnectionMigrationPlan.forwardsForURLProtocol`).
extension ConnectionMigrationPlanner {
    /// Makes `plan` a URL protocol's, with an obstacle for each shape that cannot move so: a
    /// connection created outside `-startLoading` (or in a block there), on a queue or run loop
    /// of its own, or a credential-storage question, which the class's one session cannot ask
    /// each instance.
    func adoptURLProtocolForwarding(into plan: inout ConnectionMigrationPlan) {
        guard !plan.forwardsForURLProtocol else { return }
        plan.forwardsForURLProtocol = true
        let className = plan.className
        let startLoading = structure.instanceMethod("startLoading", of: plan.implementation, in: stream)?.body
        for site in plan.creationSites {
            let start = site.expression.lowerBound
            guard let body = startLoading, body.contains(start), !isInBlock(start, in: body) else {
                plan.obstacles.append(.init(token: start, reason:
                    "\(className) is an NSURLProtocol that creates a connection outside -startLoading (or in a block): its "
                    + "client expects its calls on the thread that started loading, which is not known there; \(className) "
                    + "is left on NSURLConnection"))
                continue
            }
            if site.delegateQueue != nil {
                plan.obstacles.append(.init(token: start, reason:
                    "\(className) is an NSURLProtocol whose connection delivers on a queue of its own, not on the thread that "
                    + "started loading; \(className) is left on NSURLConnection"))
            }
        }
        if let first = plan.ownThreadSchedulings.first?.selector {
            plan.obstacles.append(.init(token: first, reason:
                "\(className) is an NSURLProtocol that schedules its connection in a run loop of its own; \(className) is "
                + "left on NSURLConnection"))
        }
        if plan.waitsInRunLoop, let first = plan.creationSites.first {
            plan.obstacles.append(.init(token: first.expression.lowerBound, reason:
                "\(className) is an NSURLProtocol that runs the run loop until its connection ends; \(className) is left on "
                + "NSURLConnection"))
        }
        if let storage = plan.method(.credentialStorage) {
            plan.obstacles.append(.init(token: storage.method.name, reason:
                "\(className) is an NSURLProtocol that answers connectionShouldUseCredentialStorage:, which the one session "
                + "its instances share cannot ask each of them; \(className) is left on NSURLConnection"))
        }
    }

    /// Whether `index` lies in the body of a block literal inside `body`.
    private func isInBlock(_ index: Int, in body: Range<Int>) -> Bool {
        body.contains { caret in
            guard stream.isPunctuation(caret, "^"), caret < index,
                  let open = (caret..<index).first(where: { stream.isPunctuation($0, "{") }),
                  let close = structure.partner(open) else { return false }
            return index < close
        }
    }
}
