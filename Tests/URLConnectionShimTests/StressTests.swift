import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C26 and C19 at scale: thousands of connections against a faulty server, cancelled at random
/// moments from random threads, under every delivery mode; then nothing may be left behind.
///
/// Scaled by `STRESS_CONNECTIONS` (default 2,000) and `STRESS_SESSION_CONNECTIONS` (default
/// 10,000); `STRESS_SEED` replays a run (the seed is printed and named in every failure).
final class StressTests: ShimTestCase {
    /// Connections in flight at once.
    private let window = 48

    override func setUpWithError() throws {
        // Thousands of requests: record none.
        server = try LoopbackServer(routes: routes, recording: .off)
    }

    func test_c26_stressFaultsAndCancelsFromAnyThread() {
        let count = StressEnvironment.count("STRESS_CONNECTIONS", default: 2_000)
        let faults = StressEnvironment.faults()
        runConnections(count: count, seed: StressEnvironment.seed()) { random in
            StressScenario.random(from: faults, using: &random)
        }
    }

    func test_c19_tenThousandConnectionsCreateNoSessions() {
        let count = StressEnvironment.count("STRESS_SESSION_CONNECTIONS", default: 10_000)
        runConnections(count: count, seed: StressEnvironment.seed()) { _ in
            StressScenario(fault: .smallBody, cancel: .none, mode: .delegateQueue)
        }
    }

    /// Launches `count` connections, `window` at a time, spinning the main run loop meanwhile
    /// (main-run-loop delivery needs it); then checks every connection's log, that the shim
    /// released every connection and delegate, ended every task and created no session.
    private func runConnections(
        count: Int, seed: UInt64, file: StaticString = #filePath, line: UInt = #line,
        scenario makeScenario: (inout StressRandom) -> StressScenario
    ) {
        var random = StressRandom(seed: seed)
        let seedText = StressEnvironment.seedDescription(of: seed)
        let context = "\(name) seed \(seedText) (STRESS_SEED=\(seedText) replays it), \(count) connections"
        print("StressTests: \(context)")
        let targets = StressDeliveryTargets()
        defer { targets.stop() }
        // The first connection of the process may create the shared session; later ones must not.
        run(request("/status/200"), mode: .delegateQueue)
        let sessionsBefore = SessionHub.shared.sessionsCreated
        let started = Date()

        var probes: [StressProbe] = []
        var live: [StressProbe] = []
        let deadline = Date().addingTimeInterval(120)
        var drawn = 0
        while drawn < count || !live.isEmpty {
            // Stalls run alongside everything else: the shim times them out itself (C21), which
            // frees the shared session for the other loads (Docs/Performance.md).
            while live.count < window && drawn < count {
                drawn += 1
                let probe = launch(makeScenario(&random), on: targets)
                probes.append(probe)
                live.append(probe)
            }
            // Runs main-run-loop deliveries; returns as soon as one was handled or after 2 ms.
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.002))
            live.removeAll { !$0.isLive }
            if Date() > deadline {
                XCTFail("\(context): \(live.count) connections never ended: \(live.prefix(5).map { "\($0.scenario) \($0.log.events)" })", file: file, line: line)
                break
            }
        }

        XCTAssertTrue(waitForCondition(timeout: 30) { probes.allSatisfy(\.isReleased) },
            "\(context): \(probes.filter { !$0.isReleased }.count) connections or delegates still referenced (C19)", file: file, line: line)
        XCTAssertTrue(waitForCondition(timeout: 30) { SessionHub.shared.runningTaskCount == 0 },
            "\(context): \(SessionHub.shared.runningTaskCount) tasks still registered (C19)", file: file, line: line)
        XCTAssertEqual(SessionHub.shared.sessionsCreated, sessionsBefore, "\(context): connections created sessions (C19)", file: file, line: line)

        var broken = 0
        for (index, probe) in probes.enumerated() {
            let problems = probe.problems()
            guard !problems.isEmpty else { continue }
            broken += 1
            if broken <= 20 {
                XCTFail("\(context): connection \(index) \(probe.scenario): \(problems.joined(separator: "; "))", file: file, line: line)
            }
        }
        XCTAssertEqual(broken, 0, "\(context): connections that broke the contract", file: file, line: line)
        let stalls = probes.filter { $0.scenario.fault == .stallPastTimeout }.count
        print(String(format: "StressTests: %@ finished in %.1f s; %d stalls", name, Date().timeIntervalSince(started), stalls))
    }

    /// Creates, schedules and starts one connection, cancelling it as its scenario says.
    private func launch(_ scenario: StressScenario, on targets: StressDeliveryTargets) -> StressProbe {
        let log = StressLog()
        var cancelInsideMessage: Int?
        if case .insideMessage(let index) = scenario.cancel {
            cancelInsideMessage = index
        }
        let delegate = StressDelegate(log: log, expectation: targets.expectation(for: scenario.mode), cancelInsideMessage: cancelInsideMessage)
        let connection = URLConnection(request: scenario.request(on: server), delegate: delegate, startImmediately: false)!
        targets.schedule(connection, as: scenario.mode)
        let probe = StressProbe(scenario: scenario, log: log, delegate: delegate, connection: connection)
        switch scenario.cancel {
        case .beforeStart:
            connection.cancel()
            log.noteCancelReturned(strict: true)
            connection.start()
        case .fromLauncher:
            connection.start()
            connection.cancel()
            // The launcher is the main thread: the delivery thread of main-run-loop connections.
            log.noteCancelReturned(strict: scenario.mode == .mainRunLoop)
        case .fromRandomThread(let microseconds):
            connection.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(microseconds)) {
                connection.cancel()
                log.noteCancelReturned(strict: false)
            }
        case .none, .insideMessage:
            connection.start()
        }
        return probe
    }
}
