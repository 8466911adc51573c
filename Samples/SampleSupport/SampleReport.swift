import Foundation

/// What a sample prints and how it ends: numbered steps, checks that decide the exit code, and
/// a watchdog that ends a hung run with the unfinished step named (exit 1) instead of hanging.
///
/// Shared by every sample (the `SampleSupport` target); a sample copied out of the repository
/// takes this file with it.
package final class SampleReport: @unchecked Sendable {
    // Sendable: `currentStep` and `failures` are only touched inside `lock`; the watchdog reads
    // them from a background queue while the sample runs on the main thread.
    private let lock = NSLock()
    private var currentStep = "starting"
    private var failures: [String] = []
    private var stepNumber = 0

    /// Starts the watchdog: after `deadline` seconds the process exits 1.
    package init(_ title: String, deadline seconds: Double = 20) {
        print("\(title)\n")
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            let step = lock.withLock { currentStep }
            print("\n✗ not finished after \(Int(seconds)) s — still waiting in: \(step)")
            exit(1)
        }
    }

    /// Prints a numbered step heading and remembers it for the watchdog.
    package func step(_ title: String) {
        let number = lock.withLock {
            stepNumber += 1
            currentStep = title
            return stepNumber
        }
        print("\(number). \(title)")
    }

    /// Prints an observation under the current step.
    package func note(_ text: String) {
        print("   \(text)")
    }

    /// Prints a check's outcome; any failed check makes the exit code 1.
    package func check(_ passed: Bool, _ expectation: String) {
        print("   \(passed ? "✓" : "✗") \(expectation)")
        if !passed {
            lock.withLock { failures.append(expectation) }
        }
    }

    /// Prints the summary and exits: 0 when every check passed, 1 otherwise.
    package func finish() -> Never {
        let failed = lock.withLock { failures }
        if failed.isEmpty {
            print("\nOK: every check passed.")
            exit(0)
        }
        print("\nFAILED: \(failed.count) check(s):")
        for expectation in failed {
            print("  - \(expectation)")
        }
        exit(1)
    }
}
