import Foundation

/// `program-fuzz`'s command line (`--help` prints it).
struct ProgramFuzzOptions: Sendable {
    var seed: UInt64 = 1
    var firstProgram = 0
    var programs = 200
    var languages: [Language] = [.swift, .objectiveC]
    var swiftBatch = 250
    var objectiveCBatch = 500
    var jobs = 2
    var gnustep = FileManager.default.homeDirectoryForCurrentUser.path + "/.cache/urlconnection-migration/gnustep"
    var packageRoot = FileManager.default.currentDirectoryPath
    /// Where each batch's sources, fixed copies, binaries and traces are kept (default: a temporary directory, removed).
    var keep: String?
    /// Where to write the applicable programs as generated, instead of running anything.
    var write: String?
    var shrink = true

    static let help = """
        USAGE: program-fuzz [--seed N] [--programs N] [--first-program N] [--languages swift,objc]
                            [--swift-batch N] [--objc-batch N] [--jobs N] [--gnustep PREFIX]
                            [--package-root DIR] [--keep DIR] [--no-shrink] [--write DIR]

        Generates legacy NSURLConnection programs from a grammar of delegate shapes and runs each one
        before and after every --fix target against one loopback server: Swift as written, on the shim
        under NSURLConnection's names, against its --fix (shim) and --to urlsession rewrites;
        Objective-C on GNUstep's NSURLConnection against --fix's NSURLSession. Compares the traces of delegate-visible events,
        counts the programs each rewrite refuses, and shrinks every differing program to a smaller
        shape that still differs. Program N depends only on --seed and N. Run from the package root
        after `swift build --product program-fuzz` (its build directory holds the shim the programs
        link). Exit status 0 when no trace differs, 1 otherwise, 2 for a usage error.

          --seed N            The campaign's seed (default 1).
          --programs N        Programs per language (default 200).
          --first-program N   The first program's number (default 0).
          --languages L       swift, objc or swift,objc (default).
          --swift-batch N     Swift programs compiled into one executable (default 250).
          --objc-batch N      Objective-C programs compiled into one executable (default 500).
          --jobs N            Batches compiled and run at once (default 2).
          --gnustep PREFIX    GNUstep with both URL stacks (default ~/.cache/urlconnection-migration/gnustep).
          --package-root DIR  The package (default: the current directory).
          --keep DIR          Keep every batch's sources, fixed copies, logs and traces in DIR.
          --no-shrink         Report differing programs without shrinking them.
          --write DIR         Write the programs as generated (DIR/LANGUAGE/ProgramN.swift or .m), the
                              ones each language applies to, and run nothing: to read them, or to
                              compare what two builds' --fix make of them.

        """

    static func parse(_ arguments: [String]) throws(ProgramFuzzUsageError) -> ProgramFuzzOptions {
        var options = ProgramFuzzOptions()
        var remaining = arguments[...]
        func value(_ name: String) throws(ProgramFuzzUsageError) -> String {
            guard let value = remaining.popFirst() else { throw ProgramFuzzUsageError("\(name) needs a value") }
            return value
        }
        func number<Number: LosslessStringConvertible>(_ name: String) throws(ProgramFuzzUsageError) -> Number {
            let text = try value(name)
            guard let number = Number(text) else { throw ProgramFuzzUsageError("\(name): '\(text)' is not a number") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--seed": options.seed = try number(argument)
            case "--programs": options.programs = try number(argument)
            case "--first-program": options.firstProgram = try number(argument)
            case "--swift-batch": options.swiftBatch = try number(argument)
            case "--objc-batch": options.objectiveCBatch = try number(argument)
            case "--jobs": options.jobs = try number(argument)
            case "--gnustep": options.gnustep = try value(argument)
            case "--package-root": options.packageRoot = try value(argument)
            case "--keep": options.keep = try value(argument)
            case "--write": options.write = try value(argument)
            case "--no-shrink": options.shrink = false
            case "--languages":
                let text = try value(argument)
                var languages: [Language] = []
                for name in text.split(separator: ",") {
                    guard let language = Language(rawValue: String(name)) else {
                        throw ProgramFuzzUsageError("--languages: '\(name)' is neither swift nor objc")
                    }
                    languages.append(language)
                }
                options.languages = languages
            case "-h", "--help": throw ProgramFuzzUsageError(nil)
            default: throw ProgramFuzzUsageError("unknown argument '\(argument)'")
            }
        }
        guard options.programs >= 0, options.firstProgram >= 0, options.swiftBatch > 0, options.objectiveCBatch > 0, options.jobs > 0 else {
            throw ProgramFuzzUsageError("--programs and --first-program must not be negative; batch sizes and --jobs must be positive")
        }
        return options
    }
}

/// A usage error's message, or nil for `--help`.
struct ProgramFuzzUsageError: Error, Sendable {
    let message: String?
    init(_ message: String?) { self.message = message }
}
