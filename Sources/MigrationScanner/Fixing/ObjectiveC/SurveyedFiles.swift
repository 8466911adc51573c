import Foundation

/// The files in which the survey planned a class, with their tokens and plans: the fix of such a
/// file reuses both rather than lexing, structuring and planning it again (for a large class, that
/// took longer than scanning it). Files without a plan are not kept, so the survey of a large tree
/// holds the tokens of its delegate classes' files only.
struct SurveyedFiles: Sendable {
    struct PlannedFile: Sendable {
        let file: ScannedFile
        let plans: [ConnectionMigrationPlan]
    }

    /// By byte count, then compared byte for byte: hashing every byte of a large file, to store it
    /// and again to find it, took a sixth of its `--diff`.
    private var plannedBySize: [Int: [PlannedFile]] = [:]

    mutating func keep(_ file: ScannedFile, plans: [ConnectionMigrationPlan]) {
        guard !plans.isEmpty else { return }
        plannedBySize[file.stream.bytes.count, default: []].append(PlannedFile(file: file, plans: plans))
    }

    /// The surveyed file whose bytes are `bytes`, if it has plans.
    func planned(_ bytes: [UInt8]) -> PlannedFile? {
        plannedBySize[bytes.count]?.first { planned in
            planned.file.stream.bytes.withUnsafeBytes { kept in
                bytes.withUnsafeBytes { given in
                    // A kept file has tokens, so neither buffer is empty.
                    guard let kept = kept.baseAddress, let given = given.baseAddress else { return false }
                    return memcmp(kept, given, bytes.count) == 0
                }
            }
        }
    }
}
