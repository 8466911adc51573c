import Foundation
import URLConnectionShim

/// One launched stress connection: its scenario, its log, and weak references that show whether
/// the shim let go of the connection and its delegate.
final class StressProbe {
    let scenario: StressScenario
    let log: StressLog
    weak var delegate: StressDelegate?
    weak var connection: URLConnection?

    init(scenario: StressScenario, log: StressLog, delegate: StressDelegate, connection: URLConnection) {
        self.scenario = scenario
        self.log = log
        self.delegate = delegate
        self.connection = connection
    }

    /// Still loading: the shim releases the delegate with the terminal message or the cancel.
    var isLive: Bool { delegate != nil }

    var isReleased: Bool { delegate == nil && connection == nil }

    /// Every way the connection broke the contract; empty when it behaved.
    func problems() -> [String] {
        var problems: [String] = []
        let events = log.events
        if log.sawOverlap {
            problems.append("two messages ran at once (C5)")
        }
        problems += log.misplacedMessages.map { "\($0) (C5/C6)" }
        let terminals = events.filter(\.isTerminal)
        if terminals.count > 1 {
            problems.append("\(terminals.count) terminal messages (C8)")
        }
        if let terminal = terminals.first {
            if events.last != terminal {
                problems.append("a message followed the terminal one (C8): \(events.suffix(3))")
            }
            if !matchesExpectedKind(terminal) {
                problems.append("ended with \(terminal), expected \(scenario.expectedTerminal) (C20/C21)")
            }
        }
        if log.wasCancelled {
            let late = log.messagesAfterCancel
            if log.cancelWasStrict, late > 0 {
                problems.append("\(late) messages after cancel() returned on the delivery target or before start (C17)")
            } else if late > 1 {
                problems.append("\(late) messages after cancel() returned on another thread, at most 1 may be under way (C17)")
            }
        } else {
            problems += uncancelledProblems(events: events, terminals: terminals)
        }
        return problems
    }

    private func uncancelledProblems(events: [StressLog.Event], terminals: [StressLog.Event]) -> [String] {
        guard terminals.count == 1 else { return ["\(terminals.count) terminal messages without a cancel (C8): \(events.suffix(3))"] }
        guard case .finish(let status, let bytes) = scenario.expectedTerminal else { return [] }
        let lastStatus = events.reversed().lazy.compactMap { event -> Int? in
            if case .response(let status) = event { status } else { nil }
        }.first
        var problems: [String] = []
        if lastStatus != status {
            problems.append("final response \(lastStatus.map(String.init) ?? "none"), expected \(status) (C9/C12)")
        }
        if bytes >= 0, log.body != bytes {
            problems.append("body \(log.body) bytes, expected \(bytes) (C11)")
        }
        return problems
    }

    private func matchesExpectedKind(_ terminal: StressLog.Event) -> Bool {
        switch (scenario.expectedTerminal, terminal) {
        case (.finish, .finish): true
        case (.fail(let expected), .fail(let code)): expected == code
        default: false
        }
    }
}
