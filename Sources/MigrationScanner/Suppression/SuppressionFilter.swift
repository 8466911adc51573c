/// Applies one file's suppression comments to its findings: drops the suppressed findings and adds
/// notes for suppressions that suppressed nothing or name unknown rules.
struct SuppressionFilter {
    let settings: SuppressionSettings

    /// A `disable` range for one rule name (or `all`), from the directive's line to an `enable`.
    private struct Scope {
        var rule: String
        var firstLine: Int
        var lastLine: Int
        /// Index into the directives, for the unused note.
        var directive: Int
    }

    /// `findings` minus the suppressed ones, plus `unused-suppression` and `invalid-suppression`
    /// findings (not sorted).
    func apply(_ comments: [SuppressionComment], to findings: [Finding], path: String) -> [Finding] {
        guard !comments.isEmpty else { return findings }
        var notes: [Finding] = []
        var directives: [SuppressionDirective] = []
        for comment in comments {
            if let directive = comment.directive {
                directives.append(directive)
            } else if let problem = comment.problem {
                notes.append(note(SuppressionRules.invalidSuppressionID, problem, at: comment, path: path))
            }
        }
        var scopes: [Scope] = []
        var open: [Scope] = []
        let knownRuleIDs = settings.knownRuleIDs.sorted()
        // One suggestion per distinct unknown id: a generated or pasted comment repeats the same few thousands of times.
        var suggestions: [String: String?] = [:]
        for (index, directive) in directives.enumerated() {
            for rule in directive.rules where isKnown(rule) {
                switch directive.command {
                case .disableLine, .ignore:
                    scopes.append(Scope(rule: rule, firstLine: directive.line, lastLine: directive.line, directive: index))
                case .disableNextLine:
                    scopes.append(
                        Scope(rule: rule, firstLine: directive.lastLine + 1, lastLine: directive.lastLine + 1, directive: index))
                case .disablePreviousLine:
                    scopes.append(Scope(rule: rule, firstLine: directive.line - 1, lastLine: directive.line - 1, directive: index))
                case .disable:
                    open.append(Scope(rule: rule, firstLine: directive.line, lastLine: Int.max, directive: index))
                case .enable:
                    let closing = open.indices.filter { rule == SuppressionDirective.allRules || open[$0].rule == rule }
                    if closing.isEmpty {
                        notes.append(note(
                            SuppressionRules.invalidSuppressionID,
                            "'migrate-scan:enable \(rule)' has no 'migrate-scan:disable \(rule)' before it",
                            at: directive, path: path))
                    }
                    for position in closing.reversed() {
                        var scope = open.remove(at: position)
                        scope.lastLine = directive.line
                        scopes.append(scope)
                    }
                }
            }
            for rule in directive.rules where !isKnown(rule) {
                let suggestion = suggestions[rule] ?? {
                    let suggestion = SpellingSuggestion.plausible(for: rule, among: knownRuleIDs)
                    suggestions[rule] = suggestion
                    return suggestion
                }()
                notes.append(note(
                    SuppressionRules.invalidSuppressionID,
                    "unknown rule '\(rule)' in a suppression comment" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""),
                    at: directive, path: path))
            }
        }
        scopes += open

        var used = Set<Int>()  // indices into scopes
        let kept = findings.filter { finding in
            var suppressed = false
            for (index, scope) in scopes.enumerated()
            where finding.line >= scope.firstLine && finding.line <= scope.lastLine
                && (scope.rule == SuppressionDirective.allRules || scope.rule == finding.ruleID)
            {
                used.insert(index)
                suppressed = true
            }
            return !suppressed
        }
        for (index, scope) in scopes.enumerated() where !used.contains(index) && isActive(scope.rule) {
            let directive = directives[scope.directive]
            let what = scope.rule == SuppressionDirective.allRules ? "all rules" : "'\(scope.rule)'"
            notes.append(note(
                SuppressionRules.unusedSuppressionID,
                "'migrate-scan:\(directive.command.rawValue)' of \(what) suppresses nothing; remove it",
                at: directive, path: path))
        }
        // `--disable unused-suppression` (or the configuration file) silences the notes themselves.
        return kept + notes.filter { settings.isActive($0.ruleID) }
    }

    private func isKnown(_ rule: String) -> Bool {
        rule == SuppressionDirective.allRules || settings.knownRuleIDs.contains(rule)
    }

    private func isActive(_ rule: String) -> Bool {
        rule == SuppressionDirective.allRules || settings.isActive(rule)
    }

    private func note(_ ruleID: String, _ message: String, at directive: SuppressionDirective, path: String) -> Finding {
        Finding(
            ruleID: ruleID, severity: .note, path: path, line: directive.line, column: directive.column,
            endColumn: directive.endColumn, message: message, replacement: replacement(ruleID))
    }

    private func note(_ ruleID: String, _ message: String, at comment: SuppressionComment, path: String) -> Finding {
        Finding(
            ruleID: ruleID, severity: .note, path: path, line: comment.line, column: comment.column,
            endColumn: comment.endColumn, message: message, replacement: replacement(ruleID))
    }

    private func replacement(_ ruleID: String) -> String {
        SuppressionRules.descriptions.first { $0.id == ruleID }?.replacement ?? ""
    }
}
