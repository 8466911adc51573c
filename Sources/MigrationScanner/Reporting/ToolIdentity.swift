/// The name, version and documentation addresses that reports and `--version` carry.
enum ToolIdentity {
    static let name = "migrate-scan"
    /// Semantic version; JSON reports carry their own schema version besides.
    static let version = "0.2.0"
    /// Where the project lives; SARIF requires absolute URIs for tool and rule help.
    static let informationURI = "https://github.com/url-connection-migration/URLConnectionMigration"
    /// The generated rule reference; a rule's help is this plus `#` and its id (a heading anchor).
    static let rulesDocumentationURI = informationURI + "/blob/main/Docs/Rules.md"

    /// The help URI of one rule: its heading in Docs/Rules.md.
    static func helpURI(forRule id: String) -> String {
        rulesDocumentationURI + "#" + id
    }
}
