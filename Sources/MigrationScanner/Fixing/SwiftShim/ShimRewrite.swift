/// A Swift file's shim edits before their import edit, which depends on whether the edited file
/// names a type that lives in FoundationNetworking on Linux: `--to urlsession` answers that from
/// the shim file it lexes anyway, rather than lexing the edited file once more for it.
struct ShimRewrite {
    /// The edits without the imports: resolved, or as proposed when they conflict (the caller reports that).
    let edits: [SourceEdit]
    let areResolved: Bool
    /// Whether the edited file uses the shim, so it needs `import URLConnectionShim`.
    let usesShim: Bool
    let placement: ImportPlacement

    /// `edits` with the imports they need. `foundationNetworking` says whether the edited file names a
    /// FoundationNetworking type; it is asked only when the file lacks that import.
    func withImports(foundationNetworking: @autoclosure () -> Bool) -> [SourceEdit] {
        guard !edits.isEmpty, areResolved, let importEdit = placement.edit(shim: usesShim, foundationNetworking: foundationNetworking())
        else { return edits }
        // Resolved again with the import, which joins a rename of the file's first token (its place).
        let all = edits + [importEdit]
        return (try? EditConflict.resolve(all).get()) ?? all.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
