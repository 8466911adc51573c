import MigrationScanner

/// Parses `migrate-scan` arguments by hand, in the conventions of swift-format, SwiftLint and ruff:
/// `--option value` or `--option=value`, repeatable list options, `--` before paths that start with `-`,
/// and `rules` as the first argument for the rule listing (scan a directory named `rules` as `./rules`).
struct CommandLineParser: Sendable {
    /// Options that take a value, without their dashes.
    static let valueOptions = [
        "format", "output", "fail-on", "min-severity", "enable", "disable", "exclude", "max-file-size", "root",
    ] + ciValueOptions
    static let flagOptions = ["include-vendored", "quiet", "summary", "version", "help"] + ciFlagOptions

    // MARK: CI options (issue 6)

    /// Configuration, baselines and parallelism.
    static let ciValueOptions = ["config", "baseline", "write-baseline", "jobs", "changed-since", "stdin-path"]
    static let ciFlagOptions = ["no-config", "no-color", "allow-empty", "force-exclude"]
    static let shortOptions = ["-o": "output", "-q": "quiet", "-h": "help"]
    static let subcommand = "rules"

    /// Valid rule ids, for `--enable` and `--disable`.
    var ruleIDs: [String]

    init(ruleIDs: [String]) {
        self.ruleIDs = ruleIDs
    }

    /// `arguments` without the program name. `--help` and `--version` stop parsing where they appear.
    ///
    /// The fixing options are taken out first, wherever they stand before `--`, so their errors
    /// come before any other and `--to`'s value is never read as a scan option's.
    func parse(_ arguments: [String]) throws(UsageError) -> CommandInvocation {
        let (fix, arguments) = try Self.fixRequest(in: arguments)
        let invocation = try parse(withoutFixOptions: arguments)
        guard case .scan(var options) = invocation else { return invocation }
        options.fix = fix
        return .scan(options)
    }

    /// `--fix`, `--diff` (`--fix --diff` is `--diff`), `--to X` or `--to=X`, `--apple-only`, and the
    /// arguments without them; arguments after `--` are paths and are left alone.
    static func fixRequest(in arguments: [String]) throws(UsageError) -> (FixRequest?, remaining: [String]) {
        var mode: FixMode?
        var target: FixTarget?
        var appleOnly = false
        var remaining: [String] = []
        var pathsOnly = false
        var iterator = arguments.makeIterator()
        func takeMode(_ argument: String) -> Bool {
            switch argument {
            case "--fix": if mode == nil { mode = .write }
            case "--diff": mode = .diff
            default: return false
            }
            return true
        }
        while let argument = iterator.next() {
            if pathsOnly || argument == "--" {
                pathsOnly = true
                remaining.append(argument)
            } else if takeMode(argument) {
                continue
            } else if argument == "--apple-only" {
                appleOnly = true
            } else if argument == "--to" || argument.hasPrefix("--to=") {
                var value = argument == "--to" ? iterator.next() : String(argument.dropFirst("--to=".count))
                // A mode flag is never `--to`'s value.
                while argument == "--to", let flag = value, takeMode(flag) { value = iterator.next() }
                guard let value, let parsed = FixTarget(rawValue: value) else {
                    let choices = FixTarget.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("'--to' takes one of: \(choices)" + (value.map { " (not '\($0)')" } ?? ""))
                }
                target = parsed
            } else {
                remaining.append(argument)
            }
        }
        if appleOnly && target != .urlsession {
            throw UsageError("'--apple-only' applies to --to urlsession only")
        }
        guard let mode else {
            if target != nil { throw UsageError("'--to' applies to --fix and --diff only") }
            return (nil, remaining)
        }
        return (FixRequest(mode: mode, target: target ?? .shim, appleOnly: appleOnly), remaining)
    }

    private func parse(withoutFixOptions arguments: [String]) throws(UsageError) -> CommandInvocation {
        if arguments.first == Self.subcommand {
            return try parseRules(Array(arguments.dropFirst()))
        }
        var options = ScanOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                options.paths += remaining
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                options.paths.append(argument)
                continue
            }
            let (name, inlineValue) = try Self.split(argument)
            if Self.flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                switch name {
                case "help": return .help(.scan)
                case "version": return .version
                case "quiet": options.quiet = true
                case "summary": options.summaryOnly = true
                case "no-config", "no-color", "allow-empty", "force-exclude": Self.applyCIFlag(name, to: &options)
                default: options.includeVendored = true
                }
                options.givenOptions.insert(name)
                continue
            }
            let value = try Self.value(of: name, inline: inlineValue, from: &remaining)
            if Self.ciValueOptions.contains(name) || name == "format" || name == "output" {
                try Self.applyCIOption(name, value, to: &options)
            } else {
                try apply(name, value, to: &options)
            }
            options.givenOptions.insert(name)
        }
        try Self.checkReports(options)
        return .scan(options)
    }

    // MARK: CI options (issue 6)

    private static func applyCIFlag(_ name: String, to options: inout ScanOptions) {
        switch name {
        case "no-config": options.ignoresConfiguration = true
        case "allow-empty": options.allowsEmptyScan = true
        case "force-exclude": options.forceExclude = true
        default: options.noColor = true
        }
    }

    /// `--format` and `--output` pair up: each `--output` goes with the `--format` before it.
    private static func applyCIOption(_ name: String, _ value: String, to options: inout ScanOptions) throws(UsageError) {
        switch name {
        case "format":
            let format: OutputFormat = try choice(value, for: name)
            if options.givenOptions.contains("format") {
                options.additionalReports.append(ReportRequest(format: format))
            } else {
                options.format = format
            }
        case "output":
            if options.additionalReports.isEmpty {
                options.outputPath = value
            } else {
                options.additionalReports[options.additionalReports.count - 1].outputPath = value
            }
        case "config": options.configurationPath = value
        case "baseline": options.baselinePath = value
        case "write-baseline": options.writeBaselinePath = value
        case "changed-since": options.changedSince = value
        case "stdin-path":
            guard SourceLanguage(pathExtension: FileSystemPath.pathExtension(value)) != nil else {
                throw UsageError("invalid value '\(value)' for '--stdin-path': expected a name ending in .swift, .m, .mm or .h")
            }
            options.standardInputPath = value
        default:
            guard let jobs = Int(value), jobs >= 1 else {
                throw UsageError("invalid value '\(value)' for '--jobs': expected a positive number of parallel jobs")
            }
            options.jobs = jobs
        }
    }

    /// Two reports on standard output would interleave into one unreadable stream.
    private static func checkReports(_ options: ScanOptions) throws(UsageError) {
        let toStandardOutput = options.reports.filter { $0.outputPath == nil }.map(\.format.rawValue)
        guard toStandardOutput.count <= 1 else {
            throw UsageError(
                "formats \(toStandardOutput.map { "'\($0)'" }.joined(separator: " and ")) would all write to standard "
                    + "output: give each --format but one an --output after it")
        }
    }

    private func apply(_ name: String, _ value: String, to options: inout ScanOptions) throws(UsageError) {
        switch name {
        case "fail-on": options.failOn = try Self.choice(value, for: name)
        case "min-severity": options.minimumSeverity = try Self.choice(value, for: name)
        case "enable": options.enabledRules = (options.enabledRules ?? []) + (try ruleList(value, for: name))
        case "disable": options.disabledRules += try ruleList(value, for: name)
        case "exclude": options.excludes.append(value)
        case "root": options.root = value
        default: options.maximumFileSize = try Self.byteCount(value)
        }
    }

    private func parseRules(_ arguments: [String]) throws(UsageError) -> CommandInvocation {
        var format = RuleListFormat.text
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                throw UsageError("unexpected argument '\(argument)' to 'rules'")
            }
            let (name, inlineValue) = try Self.split(argument, known: ["format", "help"])
            if name == "help" { return .help(.rules) }
            format = try Self.choice(try Self.value(of: name, inline: inlineValue, from: &remaining), for: name)
        }
        return .listRules(format)
    }

    // MARK: pieces

    /// `--name=value` → (name, value); `-q` → (quiet, nil); an unknown option is an error naming the closest.
    private static func split(
        _ argument: String, known: [String] = valueOptions + flagOptions
    ) throws(UsageError) -> (String, String?) {
        if !argument.hasPrefix("--") {
            if let long = shortOptions[argument], known.contains(long) { return (long, nil) }
            let candidates = shortOptions.filter { known.contains($0.value) }.keys.sorted() + known.map { "--" + $0 }
            throw UsageError(
                "unknown option '\(argument)'", suggesting: SpellingSuggestion.closest(to: argument, among: candidates))
        }
        let body = argument.dropFirst(2)
        let name = body.prefix { $0 != "=" }
        let value = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
        guard known.contains(String(name)) else {
            throw UsageError(
                "unknown option '--\(name)'",
                suggesting: SpellingSuggestion.closest(to: "--" + name, among: known.map { "--" + $0 }))
        }
        return (String(name), value)
    }

    private static func value(
        of name: String, inline: String?, from remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = remaining.first, !next.hasPrefix("--") else {
            throw UsageError("missing value for option '--\(name)'")
        }
        remaining.removeFirst()
        return next
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: String, for name: String
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        if let choice = Choice(rawValue: value.lowercased()) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        throw UsageError(
            "invalid value '\(value)' for '--\(name)': expected \(names.joined(separator: ", "))",
            suggesting: SpellingSuggestion.closest(to: value.lowercased(), among: names))
    }

    private func ruleList(_ value: String, for name: String) throws(UsageError) -> [String] {
        let ids = value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !ids.isEmpty else { throw UsageError("missing rule id for option '--\(name)'") }
        for id in ids where !ruleIDs.contains(id) {
            guard !ruleIDs.isEmpty else { throw UsageError("unknown rule '\(id)' in '--\(name)': no rules are registered") }
            throw UsageError(
                "unknown rule '\(id)' in '--\(name)'", suggesting: SpellingSuggestion.closest(to: id, among: ruleIDs))
        }
        return ids
    }

    /// `500000`, `512K`, `10M`, `1G` (binary multiples; `KB`, `KiB` and lowercase accepted).
    static func byteCount(_ value: String) throws(UsageError) -> Int {
        let digits = value.prefix { $0.isASCII && $0.isNumber }
        let unit = value.dropFirst(digits.count).lowercased()
        let multipliers = ["": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20,
            "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30]
        guard let count = Int(digits), let multiplier = multipliers[unit] else {
            throw UsageError("invalid value '\(value)' for '--max-file-size': expected a byte count such as 500000, 512K or 10M")
        }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { throw UsageError("invalid value '\(value)' for '--max-file-size': too large") }
        return bytes
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
