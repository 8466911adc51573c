import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Runs every command line of Docs/CI.md, with the real rules, on a fixture tree, in the order
/// the page gives them, and checks what each printed.
final class CIRecipeTests: XCTestCase {
    private static let adopt = "migrate-scan --write-baseline .migrate-scan-baseline.json --fail-on never"
    private static let gate = "migrate-scan --baseline .migrate-scan-baseline.json"
    private static let annotate = "migrate-scan --baseline .migrate-scan-baseline.json --format github"
    private static let sarif = "migrate-scan --format sarif --output migrate-scan.sarif --fail-on never"
    private static let everything =
        "migrate-scan --baseline .migrate-scan-baseline.json --format github --format sarif --output migrate-scan.sarif --format markdown --output \"$GITHUB_STEP_SUMMARY\""
    private static let generic =
        "migrate-scan --baseline .migrate-scan-baseline.json --format text --format json --output migrate-scan.json"

    private func documentation() throws -> String {
        try String(contentsOf: CIRecipeDocumentation.url("Docs/CI.md"), encoding: .utf8)
    }

    /// Splits a documented command line as a POSIX shell would for these simple cases: words,
    /// double quotes, and `$NAME` from `environment`. Drops the program name.
    private func arguments(_ commandLine: String, environment: [String: String]) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var characters = commandLine[...]
        while let character = characters.popFirst() {
            if character == "\"" {
                inQuotes.toggle()
            } else if character == " " && !inQuotes {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character == "$" {
                let name = characters.prefix { $0.isLetter || $0 == "_" }
                characters = characters.dropFirst(name.count)
                current += environment[String(name)] ?? ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return Array(words.dropFirst())
    }

    private func run(_ commandLine: String, in tree: CLITemporaryTree) -> CLIRun {
        let environment = ["GITHUB_STEP_SUMMARY": tree.path("step-summary.md")]
        let run = CLIRun(
            arguments(commandLine, environment: environment), in: tree.root,
            command: MigrationScanCommand(currentDirectory: tree.root))
        // The report quotes what each recipe printed; `swift test` shows it in the log, indented: at
        // a line's start `::warning file=…` is a workflow command to GitHub Actions, and
        // `path:line:col: warning:` an annotation for its problem matchers, on files that do not exist.
        let quoted = { (text: String) in text.split(separator: "\n").map { "    " + $0 + "\n" }.joined() }
        print("$ \(commandLine)\nexit \(run.status)\n--- stdout\n\(quoted(run.stdout))--- stderr\n\(quoted(run.stderr))")
        return run
    }

    private func fixture() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.m", """
            #import <Foundation/Foundation.h>
            @interface Loader : NSObject <NSURLConnectionDataDelegate>
            @end
            @implementation Loader
            - (void)start:(NSURLRequest *)req {
                self.c = [[NSURLConnection alloc] initWithRequest:req delegate:self];
            }
            @end

            """)
        try tree.write("Sources/Clean.swift", "let session = URLSession.shared\n")
        return tree
    }

    func testEveryDocumentedCommandIsRunHere() throws {
        let documented = CIRecipeDocumentation.codeBlocks(in: try documentation(), language: "sh")
            .flatMap { $0.split(separator: "\n").map(String.init) }
            // The Xcode Run Script phase's pipeline is run whole by .ci/check-adoption.
            .filter { $0.hasPrefix("migrate-scan ") && !$0.contains(" | ") }
        XCTAssertEqual(Set(documented), [Self.adopt, Self.gate, Self.annotate, Self.sarif, Self.everything, Self.generic])
        let page = try documentation()
        XCTAssertTrue(page.contains("run: " + Self.everything), "the workflow runs recipe 5")

    }

    func testRecipesInOrderOnAFixture() throws {
        let tree = try fixture()

        let adopt = run(Self.adopt, in: tree)
        XCTAssertEqual(adopt.status, 0)
        XCTAssertTrue(adopt.stdout.contains("[nsurlconnection-create]"), adopt.stdout)
        let baseline = try Baseline.load(path: tree.path(".migrate-scan-baseline.json"), displayPath: "baseline")
        XCTAssertFalse(baseline.entries.isEmpty)

        let cleanGate = run(Self.gate, in: tree)
        XCTAssertEqual(cleanGate.status, 0, "nothing new")
        XCTAssertEqual(cleanGate.stdout, "")
        XCTAssertTrue(cleanGate.stderr.contains("in the baseline not shown"), cleanGate.stderr)

        // A pull request moves the legacy code down and adds a new legacy call.
        let loader = try String(contentsOfFile: tree.path("Sources/Loader.m"), encoding: .utf8)
        try tree.write("Sources/Loader.m", "// moved\n\n" + loader + """
            void Fetch(NSURLRequest *req) {
                [NSURLConnection sendAsynchronousRequest:req queue:q completionHandler:^(NSURLResponse *r, NSData *d, NSError *e) {}];
            }

            """)

        let gate = run(Self.gate, in: tree)
        XCTAssertEqual(gate.status, 1, "a new finding fails")
        XCTAssertEqual(gate.stdout.split(separator: "\n").count, 1, gate.stdout)
        XCTAssertTrue(gate.stdout.hasPrefix("Sources/Loader.m:12:"), gate.stdout)
        XCTAssertTrue(gate.stdout.contains("[nsurlconnection-send-asynchronous]"), gate.stdout)

        let annotate = run(Self.annotate, in: tree)
        XCTAssertEqual(annotate.status, 1)
        XCTAssertTrue(annotate.stdout.hasPrefix("::warning file=Sources/Loader.m,line=12,col="), annotate.stdout)
        XCTAssertTrue(annotate.stdout.hasSuffix("[nsurlconnection-send-asynchronous]\n"), annotate.stdout)

        let sarif = run(Self.sarif, in: tree)
        XCTAssertEqual(sarif.status, 0)
        let log = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tree.path("migrate-scan.sarif"))))
                as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertGreaterThan(results.count, 1, "SARIF carries every finding, baselined or not")

        let everything = run(Self.everything, in: tree)
        XCTAssertEqual(everything.status, 1)
        XCTAssertEqual(everything.stdout, annotate.stdout)
        let summary = try String(contentsOfFile: tree.path("step-summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("## migrate-scan report\n\n**1 finding"), summary)
        let states = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tree.path("migrate-scan.sarif"))))
                as? [String: Any])
        let stated = try XCTUnwrap((states["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(stated.count, results.count, "every finding, baselined or not, as recipe 4 uploads them")
        XCTAssertEqual(stated.filter { $0["baselineState"] as? String == "new" }.map { $0["ruleId"] as? String }, ["nsurlconnection-send-asynchronous"])
        XCTAssertTrue(stated.filter { $0["baselineState"] as? String == "unchanged" }.allSatisfy { $0["suppressions"] != nil })

        let generic = run(Self.generic, in: tree)
        XCTAssertEqual(generic.status, 1)
        XCTAssertEqual(generic.stdout, gate.stdout)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tree.path("migrate-scan.json"))))
                as? [String: Any])
        XCTAssertEqual((json["findings"] as? [Any])?.count, 1)
    }
}
