/// The name, version and documentation addresses that reports and `--version` carry.
package enum ToolIdentity {
    package static let name = "migrate-scan"
    /// Semantic version of the source this was built from: `X.Y.Z` in a release's commit (the one
    /// tagged `X.Y.Z`), `X.Y.Z-dev` between releases, X.Y.Z being the next release. `.ci/release`
    /// sets it (Docs/Releasing.md). JSON reports carry their own schema version besides.
    package static let version = "0.3.0-dev"
    /// The git reference documentation links name: a release's tag, so the page matches the build;
    /// `main` for a development build.
    static let documentationReference = version.contains("-") ? "main" : version
    /// Where the project lives; SARIF requires absolute URIs for tool and rule help.
    package static let informationURI = "https://github.com/url-connection-migration/URLConnectionMigration"
    /// The generated rule reference; a rule's help is this plus `#` and its id (a heading anchor).
    static let rulesDocumentationURI = documentationURI("Docs/Rules.md")

    /// The address of a file of the repository (`Docs/MigrationGuide.md#objective-c`) as of this build.
    static func documentationURI(_ path: String) -> String {
        informationURI + "/blob/" + documentationReference + "/" + path
    }

    /// The help URI of one rule: its heading in Docs/Rules.md.
    static func helpURI(forRule id: String) -> String {
        rulesDocumentationURI + "#" + id
    }
}
