/// `scanner-fuzz`'s command line (`--help` prints it).
struct FuzzOptions {
    /// Which files the `--diff` / `--fix` agreement checks run on.
    enum DiffCheckScope: String {
        /// Every file, whatever its line endings.
        case all
        /// Agreement only on valid UTF-8 files whose every line ends in LF, final line included, and
        /// the rendering's time not bounded: to compare with a build whose `--diff` handled only those.
        case lfOnly = "lf-only"
    }

    var seed: UInt64 = 1
    var firstCase = 0
    var cases = 10_000
    /// Directories of `.swift`, `.m`, `.mm` and `.h` seed files; the rules' examples are always seeds.
    var seedDirectories = ["Tests/MigrationScannerTests/.corpus", "Samples"]
    var diffChecks = DiffCheckScope.all
    /// Each file may take this many times what an ordinary file of its size takes.
    var timeFactor = 20.0
    /// One file in this many with a non-empty diff is also checked with `git apply` and `patch -p1`.
    var externalPatchEvery = 500
    /// One file in this many is also run through the `migrate-scan` executable (`--format json`, `--diff`, `--fix`).
    var executableEvery = 2_000
    /// Where failing inputs are written, one file per failing case.
    var saveDirectory: String?

    static let help = """
        USAGE: scanner-fuzz [--seed N] [--cases N] [--first-case N] [--seeds DIR ...] [--diff-checks all|lf-only]
                            [--time-factor X] [--patch-every N] [--binary-every N] [--save DIR]

        Mutates real sources (byte flips, lexer-significant fragments, invalid UTF-8, a BOM mid-file,
        line endings, truncations, splices, huge repetitions) and checks every file: no crash, time
        within --time-factor (20) times a same-size ordinary file, finding positions inside the file,
        JSON that parses, --fix idempotent and touching no byte outside its edits, --diff that applies
        and gives what --fix writes. Case N depends only on --seed and N, so --first-case N --cases 1
        --save DIR reproduces one. Exit status 0 when every check passed, 1 otherwise, 2 for a usage error.

          --seed N            The campaign's seed (default 1).
          --cases N           How many mutated files (default 10000).
          --first-case N      The first case's number (default 0).
          --seeds DIR         Seed files from DIR (repeatable; default Tests/MigrationScannerTests/.corpus
                              and Samples, from the package root), plus every rule's examples.
          --diff-checks S     all (default), or lf-only: --diff / --fix agreement only on valid UTF-8 files
                              whose every line ends in LF, and --diff's rendering time not bounded.
          --time-factor X     The time bound, in ordinary files of the same size (default 20).
          --patch-every N     git apply and patch -p1 on one diff in N (default 500; 0: never).
          --binary-every N    The migrate-scan executable on one file in N (default 2000; 0: never).
          --save DIR          Write each failing case's input to DIR.

        """

    /// Parses the arguments without the program name; throws a usage message.
    static func parse(_ arguments: [String]) throws(FuzzUsageError) -> FuzzOptions {
        var options = FuzzOptions()
        var givenSeedDirectories: [String] = []
        var remaining = arguments[...]
        func value(_ name: String) throws(FuzzUsageError) -> String {
            guard let value = remaining.popFirst() else { throw FuzzUsageError("\(name) needs a value") }
            return value
        }
        func number<Number: LosslessStringConvertible>(_ name: String) throws(FuzzUsageError) -> Number {
            let text = try value(name)
            guard let number = Number(text) else { throw FuzzUsageError("\(name): '\(text)' is not a number") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--seed": options.seed = try number(argument)
            case "--cases": options.cases = try number(argument)
            case "--first-case": options.firstCase = try number(argument)
            case "--seeds": givenSeedDirectories.append(try value(argument))
            case "--time-factor": options.timeFactor = try number(argument)
            case "--patch-every": options.externalPatchEvery = try number(argument)
            case "--binary-every": options.executableEvery = try number(argument)
            case "--save": options.saveDirectory = try value(argument)
            case "--diff-checks":
                let text = try value(argument)
                guard let scope = DiffCheckScope(rawValue: text) else {
                    throw FuzzUsageError("--diff-checks: '\(text)' is neither all nor lf-only")
                }
                options.diffChecks = scope
            case "-h", "--help": throw FuzzUsageError(nil)
            default: throw FuzzUsageError("unknown argument '\(argument)'")
            }
        }
        if !givenSeedDirectories.isEmpty { options.seedDirectories = givenSeedDirectories }
        guard options.cases >= 0, options.firstCase >= 0, options.timeFactor > 0 else {
            throw FuzzUsageError("--cases and --first-case must not be negative, --time-factor must be positive")
        }
        return options
    }
}
