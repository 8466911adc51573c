import Foundation
import MigrationScanner

/// Runs what `migrate-scan` does with one file (scan, JSON report, `--fix` and `--diff` with every
/// target that applies: the shim and `--to urlsession` for Swift, NSURLSession for Objective-C)
/// and checks the outputs against the file and against each other.
struct CaseChecker {
    /// Everything the tool produced for one file.
    struct Outputs {
        var findings: [Finding]
        var json: String
        /// One for each `--fix` target that applies to the file.
        var fixes: [TargetFix]
    }

    /// What `--fix` and `--diff` with one target did to the file.
    struct TargetFix {
        var target: FixTarget
        var edits: [SourceEdit] = []
        var fixed: [UInt8]
        var diff: [UInt8] = []

        /// The target as failures name it.
        func label(for language: SourceLanguage) -> String {
            language == .objectiveC ? "Objective-C" : target == .urlsession ? "--to urlsession" : "shim"
        }
    }

    let diffChecks: FuzzOptions.DiffCheckScope
    private let run = SingleFileRun()

    init(diffChecks: FuzzOptions.DiffCheckScope) {
        self.diffChecks = diffChecks
    }

    /// The path the file is reported under: the extension picks the language, as in a real tree.
    static func path(for language: SourceLanguage) -> String {
        language == .swift ? "Fuzz.swift" : "Fuzz.m"
    }

    /// The `--to` targets that apply to a file: both for Swift; Objective-C always moves to
    /// NSURLSession, whatever `--to` says.
    static func targets(for language: SourceLanguage) -> [FixTarget] {
        language == .swift ? FixTarget.allCases : [.shim]
    }

    /// The scan and the `--fix` edits of every target for one file, without the diffs (`addingDiff`),
    /// so the time bound can tell them apart.
    func outputs(for file: SeedCorpus.Seed) -> Outputs {
        let (findings, json) = run.scan(file.bytes, language: file.language, path: Self.path(for: file.language))
        let fixes = Self.targets(for: file.language).map { target in
            let edits = run.fixEdits(file.bytes, language: file.language, target: target)
            return TargetFix(target: target, edits: edits, fixed: edits.isEmpty ? file.bytes : SourceEdit.apply(edits, to: file.bytes))
        }
        return Outputs(findings: findings, json: json, fixes: fixes)
    }

    /// `outputs` with what `--diff` prints for each target's edits.
    func addingDiff(to outputs: Outputs, of file: SeedCorpus.Seed) -> Outputs {
        var outputs = outputs
        for index in outputs.fixes.indices where !outputs.fixes[index].edits.isEmpty {
            outputs.fixes[index].diff = run.diff(path: Self.path(for: file.language), original: file.bytes, edits: outputs.fixes[index].edits)
        }
        return outputs
    }

    /// Whether the `--diff` agreement checks run on such a file.
    func checksDiff(of kind: DiffInputKind) -> Bool {
        diffChecks == .all || kind == .lf
    }

    /// Every check but time; `outputs` must be `outputs(for: file)`.
    func failures(of file: SeedCorpus.Seed, _ outputs: Outputs) -> [FuzzFailure] {
        var failures: [FuzzFailure] = []
        if let failure = positionFailure(outputs.findings, in: file.bytes) { failures.append(failure) }
        if let failure = jsonFailure(outputs) { failures.append(failure) }
        for fix in outputs.fixes {
            failures += fixFailures(of: file, fix).map { failure in
                var failure = failure
                failure.detail = "\(fix.label(for: file.language)): " + failure.detail
                return failure
            }
        }
        return failures
    }

    /// The checks of one target's edits, fixed file and diff.
    private func fixFailures(of file: SeedCorpus.Seed, _ fix: TargetFix) -> [FuzzFailure] {
        var failures: [FuzzFailure] = []
        if let failure = outsideEditsFailure(fix.edits, original: file.bytes, fixed: fix.fixed) {
            failures.append(failure)
        } else if let again = run.fixEdits(fix.fixed, language: file.language, target: fix.target).first {
            failures.append(FuzzFailure(
                .fixNotIdempotent, "a second --fix still edits bytes \(again.range) to '\(again.replacement)'"))
        }
        let inputKind = DiffInputKind(of: file.bytes)
        if checksDiff(of: inputKind) {
            do {
                let patched = try UnifiedDiffApplier.apply(fix.diff, to: file.bytes)
                if patched != fix.fixed {
                    failures.append(FuzzFailure(
                        .diffDisagrees, "the patched file differs from what --fix writes", inputKind: inputKind))
                }
            } catch {
                failures.append(FuzzFailure(.diffDisagrees, "rejected: \(error.reason)", inputKind: inputKind))
            }
        }
        return failures
    }

    /// Lines as the lexers count them (LF, CRLF or a lone CR ends one); a column may not pass the
    /// line's end, and a line's byte count bounds its columns (counted in Unicode scalars).
    private func positionFailure(_ findings: [Finding], in bytes: [UInt8]) -> FuzzFailure? {
        guard !findings.isEmpty else { return nil }
        var lineLengths: [Int] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                lineLengths.append(index - start)
                if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lineLengths.append(bytes.count - start)
        for finding in findings {
            guard finding.line >= 1, finding.line <= lineLengths.count, finding.column >= 1,
                  finding.column <= finding.endColumn, finding.endColumn <= lineLengths[finding.line - 1] + 1
            else {
                return FuzzFailure(.position, "\(finding.ruleID) at \(finding.line):\(finding.column)-\(finding.endColumn) "
                    + "in a file of \(lineLengths.count) lines")
            }
        }
        return nil
    }

    private func jsonFailure(_ outputs: Outputs) -> FuzzFailure? {
        guard let document = try? JSONSerialization.jsonObject(with: Data(outputs.json.utf8)) as? [String: Any],
              let findings = document["findings"] as? [Any]
        else { return FuzzFailure(.json, "not a JSON object with a findings array") }
        guard findings.count == outputs.findings.count else {
            return FuzzFailure(.json, "\(findings.count) findings in the JSON, \(outputs.findings.count) found")
        }
        return nil
    }

    /// The edits are in order, inside the file and apart, and `fixed` is the original with exactly
    /// those ranges replaced: every other byte is where it was, in order.
    private func outsideEditsFailure(_ edits: [SourceEdit], original: [UInt8], fixed: [UInt8]) -> FuzzFailure? {
        var originalCursor = 0
        var fixedCursor = 0
        for edit in edits {
            guard edit.range.lowerBound >= originalCursor, edit.range.upperBound <= original.count else {
                return FuzzFailure(.fixOutsideEdits, "edit \(edit.range) overlaps the one before or leaves the file")
            }
            let kept = original[originalCursor..<edit.range.lowerBound]
            let replacement = edit.replacementBytes
            guard fixed.count >= fixedCursor + kept.count + replacement.count,
                  fixed[fixedCursor..<(fixedCursor + kept.count)].elementsEqual(kept),
                  fixed[(fixedCursor + kept.count)..<(fixedCursor + kept.count + replacement.count)].elementsEqual(replacement)
            else {
                return FuzzFailure(.fixOutsideEdits, "the fixed file changes bytes before edit \(edit.range)")
            }
            fixedCursor += kept.count + replacement.count
            originalCursor = edit.range.upperBound
        }
        guard fixed[fixedCursor...].elementsEqual(original[originalCursor...]) else {
            return FuzzFailure(.fixOutsideEdits, "the fixed file changes bytes after the last edit")
        }
        return nil
    }
}
