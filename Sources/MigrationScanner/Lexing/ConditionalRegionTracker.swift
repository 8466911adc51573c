/// Follows `#if` / `#elif` (`#elseif`) / `#else` / `#endif` nesting to know whether code is
/// compiled, for both lexers.
///
/// Only literal conditions are known (`0` and `1` in Objective-C, `false` and `true` in Swift);
/// any other condition may be either, so its branches count as active. A branch is inactive when its own condition is `0`, when
/// an earlier branch of its group was `1`, or when its enclosing branch is inactive.
struct ConditionalRegionTracker {
    enum Condition { case alwaysFalse, alwaysTrue, unknown }

    private struct Group {
        var parentIsActive: Bool
        var aBranchWasAlwaysTrue: Bool
        var isActive: Bool
    }

    private var groups: [Group] = []

    var isActive: Bool { groups.last?.isActive ?? true }

    mutating func enterIf(_ condition: Condition) {
        let parent = isActive
        groups.append(Group(
            parentIsActive: parent, aBranchWasAlwaysTrue: condition == .alwaysTrue,
            isActive: parent && condition != .alwaysFalse))
    }

    mutating func enterElif(_ condition: Condition) {
        guard var group = groups.popLast() else { return }
        if group.aBranchWasAlwaysTrue {
            group.isActive = false
        } else {
            group.isActive = group.parentIsActive && condition != .alwaysFalse
            group.aBranchWasAlwaysTrue = condition == .alwaysTrue
        }
        groups.append(group)
    }

    mutating func enterElse() {
        guard var group = groups.popLast() else { return }
        group.isActive = group.parentIsActive && !group.aBranchWasAlwaysTrue
        group.aBranchWasAlwaysTrue = true
        groups.append(group)
    }

    mutating func exit() {
        _ = groups.popLast()
    }
}
