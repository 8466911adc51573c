extension SwiftConnectionMigrationPlanner {
    /// The cancels among `cancels` (each a `cancel` token after a `.`) whose receiver is a
    /// connection the class holds: a variable in `connectionNames` (alone or after `self.`), or a
    /// delegate method's connection parameter. The URLSession emitter routes them through the
    /// class, which then lets nothing more of that task through, as NSURLConnection sent nothing
    /// after `cancel()`; a task may still deliver what it has (on Linux, a body read before the cancel).
    func taskCancels(
        _ cancels: [Int], connectionNames: Set<String>, delegateMethods: [ConnectionMigrationPlan.DelegateMethod]
    ) -> [ConnectionMigrationPlan.TaskCancel] {
        let parameterUses = Set(delegateMethods.flatMap(\.connectionUses))
        return cancels.compactMap { cancel in
            guard stream.isPunctuation(cancel + 1, "("), stream.isPunctuation(cancel + 2, ")") else { return nil }
            let beforeDot = cancel - 2
            let unwrapped = stream.isPunctuation(beforeDot, "?") || stream.isPunctuation(beforeDot, "!")
            let name = unwrapped ? beforeDot - 1 : beforeDot
            guard name >= 0, stream.isIdentifier(name) else { return nil }
            let afterSelf = name >= 2 && stream.isPunctuation(name - 1, ".") && stream.text(name - 2) == "self"
            let isMember = name >= 1 && stream.isPunctuation(name - 1, ".")
            let holdsConnection = (connectionNames.contains(stream.text(name)) && (!isMember || afterSelf))
                || (!isMember && parameterUses.contains(name))
            guard holdsConnection else { return nil }
            let start = afterSelf ? name - 2 : name
            let end = stream.isPunctuation(beforeDot, "!") ? beforeDot : name
            return .init(receiver: start...end, call: start...(cancel + 2))
        }
    }
}
