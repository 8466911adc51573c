import Foundation

/// Code that depends on how the connection delivered its delegate messages, which a URLSession
/// cannot reproduce (the Swift form of the Objective-C planner's check; see
/// `ConnectionMigrationPlanner+DeliveryDependence.swift` for the real class that showed it): the
/// class runs a run loop until a delegate method stops it, or calls a delegate method itself.
extension SwiftConnectionMigrationPlanner {
    /// Why each such token in the class's own body (`ownBodyParts`) keeps the class on the shim;
    /// `signatures` (the delegate methods' declarations) are not calls.
    func deliveryDependenceObstacles(
        in ownParts: [Range<Int>], signatures: [Range<Int>], delegateMethods: [ConnectionMigrationPlan.DelegateMethod], className: String
    ) -> [ConnectionMigrationPlan.Obstacle] {
        let delegateSelectors = Set(delegateMethods.map { $0.method.selector(in: stream) })
        // A call names a delegate method only under its base name: only those calls' selectors are made.
        let delegateNames = TokenTextSieve(delegateSelectors.map { String($0.prefix { $0 != "(" }) })
        var obstacles: [ConnectionMigrationPlan.Obstacle] = []
        for index in ownParts.joined() where !signatures.contains(where: { $0.contains(index) }) && stream.isPunctuation(index + 1, "(") {
            if stream.hasText(index, "CFRunLoopRun") || stream.hasText(index, "CFRunLoopStop") {
                let text = stream.text(index)
                obstacles.append(.init(token: index, reason:
                    "\(className) calls \(text)(): it runs a run loop until a delegate method stops it. The connection called "
                    + "its delegate on that run loop's thread; a URLSession calls it on a queue's thread, so the run loop would "
                    + "return at once (nothing scheduled in it) and CFRunLoopStop would stop another thread's; "
                    + "\(className) stays on URLConnectionShim"))
            } else if stream.hasText(index, "run"), stream.isPunctuation(index + 2, ")"), stream.isPunctuation(index - 1, "."),
                      ["current", "main"].contains(stream.text(index - 2)) {
                obstacles.append(.init(token: index, reason:
                    "\(className) runs a run loop with run(), which returns only when nothing is scheduled in it: the "
                    + "connection kept it running, a session's task does not; \(className) stays on URLConnectionShim"))
            } else if stream.isIdentifier(index), stream.word(index - 1) != .func, delegateNames.mayMatch(index, in: stream),
                      let selector = calledSelector(at: index), delegateSelectors.contains(selector) {
                obstacles.append(.init(token: index, reason:
                    "\(className) calls its delegate method \(selector) itself; moved, the method has its URLSession name "
                    + "and takes a task, so the call would reach no method; \(className) stays on URLConnectionShim"))
            }
        }
        return obstacles
    }

    /// `name(_:label:)` of the call whose name is at `index` (`connection(c, didFailWithError: e)`).
    private func calledSelector(at index: Int) -> String? {
        guard let close = structure.partner(index + 1) else { return nil }
        var labels = ""
        var argumentStart = index + 2
        var position = argumentStart
        while position <= close {
            if position < close, let partner = structure.partner(position), partner > position {
                position = partner + 1
                continue
            }
            if position == close || stream.isPunctuation(position, ",") {
                guard argumentStart < position else { return nil }
                let labelled = stream.isPunctuation(argumentStart + 1, ":") && argumentStart + 1 < position
                labels += (labelled ? stream.text(argumentStart) : "_") + ":"
                argumentStart = position + 1
            }
            position += 1
        }
        return stream.text(index) + "(" + labels + ")"
    }
}
