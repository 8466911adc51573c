// Runs Legacy/ChallengeAnswers.swift (fixed) once per answer against the loopback server's
// Basic challenge and prints each run's trace (FixSessionChallengeAnswerTests compares them).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

/// Consecutive `data N` events merged: how a body is split into deliveries is the network's choice.
func merged(_ events: [String]) -> [String] {
    var result: [String] = []
    for event in events {
        if event.hasPrefix("data "), let last = result.last, last.hasPrefix("data "),
           let previous = Int(last.dropFirst(5)), let next = Int(event.dropFirst(5)) {
            result[result.count - 1] = "data \(previous + next)"
        } else {
            result.append(event)
        }
    }
    return result
}

let server = try LoopbackServer()
var keep: [ChallengeAnswers] = []
for answer in ["use", "cancel", "cancel, then use", "use, then cancel", "continue without credential"] {
    var trace: [String]?
    let fixture = ChallengeAnswers()
    keep.append(fixture)
    fixture.answer = answer
    fixture.done = { trace = $0 }
    fixture.load(url: server.url("/basic-auth/user/secret"))
    // NSURLConnection delivered on the run loop of the thread that started it: the main one here.
    let deadline = Date().addingTimeInterval(10)
    while trace == nil && Date() < deadline {
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.05))
    }
    // A message after the end (a second failure or finish) would show here.
    _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.2))
    print("\(answer): \(merged(fixture.events).joined(separator: " | "))\(trace == nil ? " | TIMEOUT" : "")")
}
server.stop()
