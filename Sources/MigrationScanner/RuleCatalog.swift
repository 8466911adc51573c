// PLACEHOLDER owned by the scanner-core work: the registered list of rules.
/// Every rule the scanner knows, in the order they are listed and documented.
public enum RuleCatalog {
    public static let descriptions: [RuleDescription] = []
}
