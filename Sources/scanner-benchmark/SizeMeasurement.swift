import Foundation

/// Everything measured over one tree size: what each tool found (from a warm-up run that also
/// fills the page cache), the timed runs, one a round, and peak RSS per report format.
struct SizeMeasurement {
    let megabytes: Int
    let bytes: Int
    var filesScanned = 0
    var scannerFindings = 0
    var libraryFindings = 0
    /// Lines ripgrep printed: lines holding a name, in code, comments or strings alike.
    var ripgrepLines = 0
    var timings: [MeasuredTool: TimingSummary] = [:]
    /// `migrate-scan`'s peak RSS in kilobytes with each format of `memoryFormats`, one run each.
    var peakResidentKilobytesByFormat: [(format: String, kilobytes: Int)] = []
    /// The parallel scan's threads, and the number of one-job scans run together.
    let scanningThreads: Int

    /// The paths measured: the tree's first `megabytes`.
    let paths: [String]

    /// Sizes the paths and runs each tool once, untimed: what they find, and the page cache filled.
    init(megabytes: Int, paths: [String], commands: ToolCommands) throws {
        self.megabytes = megabytes
        self.paths = paths
        scanningThreads = commands.scanningThreads
        bytes = Self.sourceBytes(under: paths)
        let output = commands.outputPath

        _ = try commands.run(.ripgrep, paths: paths)
        ripgrepLines = try Self.lineCount(at: output)
        _ = try commands.run(.migrateScan, paths: paths)
        let summary = try Self.jsonSummary(at: output)
        filesScanned = summary.files
        scannerFindings = summary.findings
        _ = try commands.run(.libraryScan, paths: paths)
        libraryFindings = Int(try String(contentsOfFile: output, encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).last ?? "") ?? -1
    }

    /// Times round `round`: each tool once, starting with a different tool each round so no tool
    /// always runs right after another's cache misses.
    mutating func measure(round: Int, commands: ToolCommands) throws {
        let tools = commands.measuredTools
        for offset in tools.indices {
            let tool = tools[(offset + round) % tools.count]
            timings[tool, default: TimingSummary()].add(try commands.run(tool, paths: paths))
        }
    }

    /// `migrate-scan`'s peak RSS with each of `formats`, one run each.
    mutating func measureMemory(formats: [String], commands: ToolCommands) throws {
        for format in formats {
            let run = try commands.run(.migrateScan, paths: paths, format: format)
            peakResidentKilobytesByFormat.append((format, run.peakResidentKilobytes))
        }
    }

    /// The bytes one run of `tool` reads: the tree's, once a scan.
    func bytesRead(by tool: MeasuredTool) -> Double {
        Double(tool.treeReadings(scanningThreads: scanningThreads) * bytes)
    }

    private static func lineCount(at path: String) throws -> Int {
        try Data(contentsOf: URL(fileURLWithPath: path)).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// `summary.filesScanned` and `summary.findings` of a JSON report.
    private static func jsonSummary(at path: String) throws -> (files: Int, findings: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let report = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let summary = report["summary"] as? [String: Any],
              let files = summary["filesScanned"] as? Int, let findings = summary["findings"] as? Int else {
            throw BenchmarkError("migrate-scan's JSON report has no summary")
        }
        return (files, findings)
    }

    /// Total size of the source files both tools read.
    private static func sourceBytes(under paths: [String]) -> Int {
        var total = 0
        for path in paths {
            guard let enumerator = FileManager.default.enumerator(atPath: path) else { continue }
            while let name = enumerator.nextObject() as? String {
                guard ["swift", "m", "mm", "h"].contains((name as NSString).pathExtension) else { continue }
                let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
                total += (attributes?[.size] as? Int) ?? 0
            }
        }
        return total
    }
}

