/// The `--help` pages.
enum CommandHelp {
    /// `migrate-scan --help`.
    static let scan = """
        OVERVIEW: Finds legacy URL-loading code (NSURLConnection and friends) in Swift and Objective-C.

        USAGE: migrate-scan [<options>] [<path> ...]
               migrate-scan rules [--format text|markdown]

        ARGUMENTS:
          <path>                    Files or directories to scan (default: the current directory).
                                    In a git work tree, the files git tracks or would add are scanned.

        OPTIONS:
          --format <format>         text, json, sarif, github, markdown or html (default: text). Repeatable:
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
          --fix                     Rewrite Swift files onto URLConnectionShim (Objective-C is only reported).
          --diff                    Print the --fix changes as a unified diff; write nothing (exit 1 if any).

        CI OPTIONS:
          --config <file>           Read this configuration file instead of the nearest
                                    .migrate-scan.json at or above the root.
          --no-config               Ignore configuration files.
          --baseline <file>         Report only findings that are not in this baseline.
          --write-baseline <file>   Record this scan's findings as a baseline.
          --jobs <n>                Files scanned at once (default: the number of processors).
          --no-color                No colour on a terminal (NO_COLOR is honoured too).

          --version                 Print the version.
          -h, --help                Show this help.

        EXIT STATUS:
          0  no finding at or above --fail-on
          1  findings at or above --fail-on
          2  a usage error, or a path that could not be read

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
