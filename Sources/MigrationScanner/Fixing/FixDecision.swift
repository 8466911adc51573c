/// What `--fix` and `--diff` do with one file's proposed edits. One decision for the command line
/// and for `SingleFileRun`, so the fuzzer's in-process run and the executable cannot drift apart.
package enum FixDecision: Sendable, Equatable {
    /// The edits to apply, in file order, apart (none: the file needs nothing); the lines they add
    /// end as the file's do (`LineBreaks.fitting`).
    case apply([SourceEdit])
    /// Two edits overlap: the file is reported and not rewritten.
    case conflict(EditConflict)
    /// A Swift 2 file: left untouched, with a note naming the first removed name.
    case leftAsSwift2(PreSwift3Marker)

    /// The decision on `proposed`, edits of `file`.
    init(proposed: [SourceEdit], for file: ScannedFile) {
        switch EditConflict.resolve(proposed) {
        case .failure(let conflict):
            self = .conflict(conflict)
        case .success(let edits):
            // Only a file that would change is read for markers: one that needs nothing gets no note.
            if !edits.isEmpty, file.language == .swift, let marker = PreSwift3Marker.first(in: file.stream) {
                self = .leftAsSwift2(marker)
            } else {
                self = .apply(LineBreaks(bytes: file.stream.bytes).fitting(edits))
            }
        }
    }
}
