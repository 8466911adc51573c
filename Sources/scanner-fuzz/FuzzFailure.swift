/// One check a mutated file failed.
struct FuzzFailure {
    enum Kind: String, CaseIterable {
        case slow = "scan and --fix over the time bound"
        case slowDiff = "--diff rendering over the time bound"
        case position = "finding position outside the file"
        case json = "JSON report that does not parse or disagrees"
        case fixOutsideEdits = "--fix edits that overlap, leave the file or touch bytes outside them"
        case fixNotIdempotent = "--fix not idempotent"
        case diffDisagrees = "--diff that does not apply or disagrees with --fix"
        case externalPatch = "git apply / patch -p1 rejecting --diff or disagreeing with --fix"
        case executable = "migrate-scan executable failing or disagreeing with the library"
    }

    var kind: Kind
    var detail: String
    /// Set for the `--diff` checks, whose failures are reported by what the file holds.
    var inputKind: DiffInputKind?

    init(_ kind: Kind, _ detail: String, inputKind: DiffInputKind? = nil) {
        self.kind = kind
        self.detail = detail
        self.inputKind = inputKind
    }
}
