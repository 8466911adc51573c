/// The files in which the survey planned a class, by their bytes, with their tokens and plans:
/// the fix of such a file reuses both rather than lexing, structuring and planning it again (for a
/// large class, that took longer than scanning it). Files without a plan are not kept, so the
/// survey of a large tree holds the tokens of its delegate classes' files only.
struct SurveyedFiles: Sendable {
    struct PlannedFile: Sendable {
        let file: ScannedFile
        let plans: [ConnectionMigrationPlan]
    }

    private var planned: [Key: PlannedFile] = [:]

    mutating func keep(_ file: ScannedFile, plans: [ConnectionMigrationPlan]) {
        guard !plans.isEmpty else { return }
        planned[Key(bytes: file.stream.bytes)] = PlannedFile(file: file, plans: plans)
    }

    /// The surveyed file whose bytes are `bytes`, if it has plans.
    func planned(_ bytes: [UInt8]) -> PlannedFile? {
        planned.isEmpty ? nil : planned[Key(bytes: bytes)]
    }

    /// A file's bytes as a dictionary key, hashed as one buffer: an array of bytes hashes byte by
    /// byte, which took longer than planning the file.
    private struct Key: Hashable, Sendable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
