import Foundation

/// A connection scheduled in the run loop of a thread the class owns, where the class runs other
/// work too: AFNetworking 1.x's operation creates its connection on a network thread of its own,
/// schedules it in `[NSRunLoop currentRunLoop]` for each of its `runLoopModes` next to its output
/// stream, and sends that thread `cancelConnection` with `performSelector:onThread:`. The session's
/// delegate queue, even a serial one, would run the delegate methods elsewhere, racing that work;
/// so the methods stay under their selectors and the session's perform them on that thread
/// (`ObjectiveCOwnThreadDelivery`). Where nothing else of the class runs there, the serial queue of
/// the session is enough: that is the scheduling right after a deferred creation
/// (`DelegateQueueMessage`), which goes.
extension ConnectionMigrationPlanner {
    /// Moves the `scheduleInRunLoop:forMode:` obstacles of `conditional` into
    /// `plan.ownThreadSchedulings` when every one schedules the class's connection or a stream in
    /// the current run loop, at least one the connection, and the class runs other work on that
    /// thread (a stream scheduled there, or `performSelector:…onThread:`).
    func adoptOwnThreadSchedulings(into plan: inout ConnectionMigrationPlan, conditional: inout [ConnectionMigrationPlan.Obstacle]) {
        let schedulings = conditional.filter { stream.text($0.token) == "scheduleInRunLoop" }
        guard !schedulings.isEmpty, !plan.creationSites.isEmpty,
              schedulings.allSatisfy({ schedulesInCurrentRunLoop($0.token, plan: plan) }) else { return }
        var connections: [ConnectionMigrationPlan.OwnThreadScheduling] = []
        var streams = 0
        for scheduling in schedulings {
            let selector = scheduling.token
            let receiver = stream.isPunctuation(selector - 2, ".") && stream.text(selector - 3) == "self"
                ? (selector - 3)...(selector - 1) : (selector - 1)...(selector - 1)
            guard stream.isPunctuation(receiver.lowerBound - 1, "[") else { return }
            if schedulesConnection(selector, plan) {
                connections.append(.init(receiver: receiver, selector: selector))
            } else {
                streams += 1
            }
        }
        let performs = plan.implementation.body.contains { index in
            stream.hasText(index, "onThread") && stream.isPunctuation(index + 1, ":")
                && ((index - 12)..<index).contains { $0 >= 0 && stream.hasPrefix($0, "performSelector") }
        }
        guard !connections.isEmpty, streams > 0 || performs else { return }
        plan.ownThreadSchedulings = connections
        conditional.removeAll { stream.text($0.token) == "scheduleInRunLoop" }
    }

    /// Moves the run-loop obstacles of `conditional` (`CFRunLoopRun()`, `CFRunLoopRunInMode()`,
    /// `-run`, a wait in `-runMode:beforeDate:` or `-runUntilDate:`, `CFRunLoopStop()`) into
    /// `plan.waitsInRunLoop` when each wait runs the current run loop after a creation of the class's
    /// connection in the same method (SDWebImage 3.x's downloader operation starts its connection,
    /// then runs `CFRunLoopRun()` until a delegate method calls `CFRunLoopStop(CFRunLoopGetCurrent())`),
    /// and each stop stops the current one.
    func adoptRunLoopWait(into plan: inout ConnectionMigrationPlan, conditional: inout [ConnectionMigrationPlan.Obstacle]) {
        let controls: Set<String> = ["CFRunLoopRun", "CFRunLoopRunInMode", "CFRunLoopStop", "run", "runMode", "runUntilDate"]
        let obstacles = conditional.filter { controls.contains(stream.text($0.token)) }
        guard !obstacles.isEmpty, !plan.creationSites.isEmpty else { return }
        let bodies = structure.methods(in: [plan.implementation]).compactMap(\.body)
        var waits = 0
        for obstacle in obstacles {
            let index = obstacle.token
            switch stream.text(index) {
            case "CFRunLoopStop":
                guard stream.isPunctuation(index + 1, "("), stream.text(index + 2) == "CFRunLoopGetCurrent" else { return }
            case "run", "runMode", "runUntilDate":
                guard stream.text(index - 2) == "currentRunLoop" else { return }
                fallthrough
            default:
                guard let body = bodies.first(where: { $0.contains(index) }),
                      plan.creationSites.contains(where: { body.contains($0.expression.lowerBound) && $0.expression.upperBound < index })
                else { return }
                waits += 1
            }
        }
        guard waits > 0 else { return }
        plan.waitsInRunLoop = true
        conditional.removeAll { obstacle in obstacles.contains { $0.token == obstacle.token } }
    }

    /// Whether the `scheduleInRunLoop` at `selector` names the current run loop: `[NSRunLoop
    /// currentRunLoop]`, or a variable of the method declared with it and never assigned again.
    private func schedulesInCurrentRunLoop(_ selector: Int, plan: ConnectionMigrationPlan) -> Bool {
        guard stream.isPunctuation(selector + 1, ":") else { return false }
        let argument = selector + 2
        if stream.isPunctuation(argument, "["), stream.text(argument + 1) == "NSRunLoop", stream.text(argument + 2) == "currentRunLoop",
           stream.isPunctuation(argument + 3, "]"), stream.text(argument + 4) == "forMode" {
            return true
        }
        guard stream.isIdentifier(argument), stream.text(argument + 1) == "forMode",
              let body = structure.methods(in: [plan.implementation]).compactMap(\.body).first(where: { $0.contains(selector) })
        else { return false }
        let assignments = body.filter { stream.haveSameText($0, argument) && stream.isPunctuation($0 + 1, "=") }
        guard assignments.count == 1, let name = assignments.first else { return false }
        return stream.text(name - 2) == "NSRunLoop" && stream.isPunctuation(name - 1, "*") && stream.isPunctuation(name + 2, "[")
            && stream.text(name + 3) == "NSRunLoop" && stream.text(name + 4) == "currentRunLoop" && stream.isPunctuation(name + 5, "]")
    }
}
