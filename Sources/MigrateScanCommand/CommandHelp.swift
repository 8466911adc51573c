import MigrationScanner

/// The `--help` pages.
enum CommandHelp {
    /// `migrate-scan --help`.
    static let scan = """
        OVERVIEW: Finds legacy URL-loading code (NSURLConnection and friends) in Swift and Objective-C.

        USAGE: migrate-scan [<options>] [<path> ...]
               migrate-scan rules [--format text|markdown]

        ARGUMENTS:
          <path>                    Files or directories to scan (default: the current directory);
                                    - reads one source file from standard input (see --stdin-path).
                                    In a git work tree, the files git tracks or would add are scanned.

        OPTIONS:
          --format <format>         text, xcode, json, sarif, github, markdown, html, checkstyle, junit or gitlab
                                    (default: text). Repeatable:
                                    each --output applies to the --format before it, and at most
                                    one report goes to standard output.
          -o, --output <file>       Write the report to <file> instead of standard output.
          --fail-on <severity>      Exit 1 when a finding is at or above error, warning or note;
                                    never: findings do not fail (default: warning).
          --min-severity <severity> Report only findings at or above note, warning or error (default: note).
          --enable <rule,...>       Run only these rules (repeatable).
          --disable <rule,...>      Do not run these rules (repeatable).
          --exclude <glob>          Leave out matching paths (repeatable; *, ** and ?; a pattern
                                    without / matches a file or directory name anywhere).
          --include-vendored        Also scan .build, .build-*, .git, DerivedData, Pods and Carthage.
          --max-file-size <size>    Skip larger files found in directories (default: 10M; K, M, G suffixes).
                                    Files named on the command line are scanned whatever their size.
          --root <dir>              Report paths relative to <dir> (default: the current directory).
          -q, --quiet               No summary line and no notes on standard error.
          --summary                 Text and Markdown reports: counts per rule and per file only.
          --fix                     Rewrite Swift files onto URLConnectionShim, and Objective-C delegate
                                    classes onto NSURLSession; print what stays, and why.
          --diff                    Print the --fix changes as a unified diff; write nothing (exit 1 if any).
                                    Both take --output and --changed-since (the files changed since <ref>).
          --to <shim|urlsession>    What --fix and --diff move Swift code onto: URLConnectionShim (default),
                                    or URLSession itself for the delegate classes they can move.
          --apple-only              With --to urlsession: the code is built for Apple platforms only, so
                                    classes that answer authentication challenges move too.

        CI OPTIONS:
          --config <file>           Read this configuration file instead of the nearest
                                    .migrate-scan.json at or above the root.
          --no-config               Ignore configuration files.
          --baseline <file>         Report only findings that are not in this baseline.
          --write-baseline <file>   Record this scan's findings as a baseline.
          --stdin-path <path>       The name standard input (-) is reported under; its extension picks
                                    the language (default: stdin.m or stdin.swift, as the text looks).
          --changed-since <ref>     Report only findings on lines changed since git commit <ref>
                                    (committed, uncommitted and untracked changes).
          --jobs <n>                Files scanned at once (default: the number of processors).
          --no-color                No colour on a terminal (NO_COLOR is honoured too).
          --allow-empty             Succeed when no source file was scanned (otherwise exit 2).
          --force-exclude           Apply exclude patterns and vendored directories to files named
                                    explicitly too (pre-commit's files being committed).

          --version                 Print the version.
          -h, --help                Show this help.

        SUPPRESSIONS (in // or /* */ comments):
          // migrate-scan:disable-next-line <rule,...|all>     the next line (SwiftLint's disable:next)
          // migrate-scan:disable-line <rule,...|all>          this line (disable:this)
          // migrate-scan:disable-previous-line <rule,...|all> the line before (disable:previous)
          // migrate-scan:ignore [<rule,...>]                  this line; every rule when none is named
          // migrate-scan:disable <rule,...|all> ... // migrate-scan:enable <rule,...|all>
          Text after " -- " is a free-form reason. `migrate-scan rules` lists the rule ids.

        CONFIGURATION (.migrate-scan.json at or above the root; // and /* */ comments allowed):
          version (1), rules ({"<rule>": "off|on|error|warning|note"}), exclude ([glob]),
          extensions (["swift", "m", "mm", "h"]), failOn, minSeverity, includeVendored, maxFileSize.
          Paths in reports and exclude patterns are relative to the root: --root, else the current
          directory when it holds every scanned path, else the scanned tree's git top. Baselines
          name files from the top of the git work tree holding the root.

        DOCUMENTATION:
          Docs/Scanner.md (options, formats, suppressions, configuration, baselines), Docs/Rules.md
          (every rule), Docs/CI.md (GitHub Actions, GitLab CI, Xcode, pre-commit) in the repository:
          \(ToolIdentity.informationURI)

        EXIT STATUS:
          0  no finding at or above --fail-on
          1  findings at or above --fail-on
          2  a usage error, a path that could not be read, or no source file scanned (see --allow-empty)

        EXAMPLES:
          migrate-scan
          migrate-scan Sources --format sarif --output migrate-scan.sarif
          migrate-scan --disable uiwebview --exclude 'Tests/**' --fail-on error
          migrate-scan --format text --format sarif --output migrate-scan.sarif
          migrate-scan --write-baseline .migrate-scan-baseline.json --fail-on never
          migrate-scan --baseline .migrate-scan-baseline.json --format github
          migrate-scan rules --format markdown > Docs/Rules.md
          migrate-scan Sources --diff
          migrate-scan Sources --format html --output migrate-scan.html

        """

    /// `migrate-scan rules --help`.
    static let rules = """
        OVERVIEW: Lists the rules migrate-scan runs.

        USAGE: migrate-scan rules [--format text|markdown]

        OPTIONS:
          --format <format>         text (id, default severity, summary) or markdown
                                    (the reference committed as Docs/Rules.md) (default: text).
          -h, --help                Show this help.

        EXAMPLES:
          migrate-scan rules
          migrate-scan rules --format markdown > Docs/Rules.md

        """
}
