/// Moves the NSURLConnection delegate classes of Objective-C files onto NSURLSession:
/// a plan per class (`ConnectionMigrationPlanner`), edits for the movable ones
/// (`ObjectiveCSessionEmitter`), and a note for each class left as it is, saying why;
/// `sendAsynchronousRequest:queue:completionHandler:` calls move onto the shared session
/// (`ObjectiveCAsynchronousRequestEmitter`); `sendSynchronousRequest:returningResponse:error:`
/// stays, with a note saying why (`ObjectiveCSynchronousRequestNote`).
///
/// A class's header is usually another file, so fixing takes two passes: `survey` reads every
/// file first, then `fix` rewrites each one knowing which classes move.
struct ObjectiveCSessionFixer: Sendable {
    /// What the first pass learns from all the files.
    struct Survey: Sendable {
        /// Classes whose `@implementation` moves.
        package var movedClasses: Set<String> = []
        /// Classes with an `@interface` adopting the connection protocols (which become NSURLSession's).
        var adoptingClasses: Set<String> = []
        /// The delegate selectors each class's `@interface` declares, in whichever file: the class
        /// keeps them as ordinary methods (`ConnectionMigrationPlan.keptSelectors`).
        var declaredDelegateMethods: [String: Set<String>] = [:]
        /// Classes whose `@interface`, in whichever file, subclasses NSURLProtocol: they move as
        /// URL protocols (`ConnectionMigrationPlan.forwardsForURLProtocol`) or stay.
        var urlProtocolClasses: Set<String> = []
        /// Classes creating no connection whose delegate methods override those of a moved
        /// superclass, which keeps them as ordinary methods: only their connection types change.
        var movedWithSuperclass: [String: SuperclassKeeping] = [:]
        /// Moved classes held back by a subclass whose overrides cannot follow them, with why.
        var heldBySubclass: [String: String] = [:]
        /// The files with plans, which `fix` reuses.
        var files = SurveyedFiles()
        /// Made by `survey(_:)` from every file `fix` will see; otherwise (a fix of one file, a
        /// survey made by hand) `fix` settles the subclasses of the file it is given itself.
        var isComplete = false
    }

    /// The superclass a subclass moves with (`Survey.movedWithSuperclass`).
    struct SuperclassKeeping: Sendable {
        /// The class up the chain that creates the connections and keeps the selectors.
        var base: String
        /// The overridden selectors no `@interface` from the subclass up to `base` declares:
        /// their declarations came from the connection protocols `base` adopted, which are
        /// NSURLSession's after the move, so the subclass's `super` messages need them declared.
        var undeclared: Set<String>
    }

    /// What the survey keeps of a planned class to settle its subclasses.
    private struct PlannedClass {
        var roleBySelector: [String: ConnectionDelegateRole]
        var superclassOverride: ConnectionMigrationPlan.SuperclassOverride?
        /// Obstacles other than `superclassOverride`'s.
        var otherObstacles: Int
    }

    /// The result for one file.
    struct Outcome: Sendable {
        var edits: [SourceEdit]
        package var notes: [FixNote]
        /// Lines (1-based) whose legacy findings the outcome settles: classes and calls moved, and
        /// synchronous requests a note explains.
        package var movedLines: [ClosedRange<Int>]
        /// The file as the fix read it: the survey's tokens, or the file lexed for the fix.
        let file: ScannedFile
    }

    let survey: Survey

    init(survey: Survey = Survey()) {
        self.survey = survey
    }

    /// The first pass: the classes of `files` (Objective-C sources) that move.
    static func survey(_ files: [[UInt8]]) -> Survey {
        var survey = Survey()
        var planned: [String: PlannedClass] = [:]
        var superclasses: [String: String] = [:]
        // Movable classes that cannot move as URL protocols, should an interface say they are.
        var movesOnlyAsDelegate: Set<String> = []
        for bytes in files {
            let file = ScannedFile(bytes: bytes, language: .objectiveC)
            let planner = ConnectionMigrationPlanner(file: file)
            let plans = planner.plans()
            survey.files.keep(file, plans: plans)
            survey.movedClasses.formUnion(plans.filter(\.canMove).map(\.className))
            for var plan in plans where plan.canMove {
                planner.adoptURLProtocolForwarding(into: &plan)
                if !plan.canMove { movesOnlyAsDelegate.insert(plan.className) }
            }
            for plan in plans {
                planned[plan.className] = PlannedClass(
                    roleBySelector: Dictionary(plan.delegateMethods.map { ($0.method.selector(in: file.stream), $0.role) },
                                               uniquingKeysWith: { first, _ in first }),
                    superclassOverride: plan.superclassOverride,
                    otherObstacles: plan.obstacles.count - (plan.superclassOverride == nil ? 0 : 1))
            }
            for type in file.structure.types where type.kind == .objectiveCInterface {
                let name = file.stream.text(type.name)
                if let superclass = type.superclass { superclasses[name] = file.stream.text(superclass) }
                if !planner.connectionProtocols(of: type).isEmpty { survey.adoptingClasses.insert(name) }
                if let superclass = type.superclass, file.stream.text(superclass) == "NSURLProtocol" {
                    survey.urlProtocolClasses.insert(name)
                }
                let declared = planner.declaredDelegateMethods(in: type).map { $0.selector(in: file.stream) }
                if !declared.isEmpty { survey.declaredDelegateMethods[name, default: []].formUnion(declared) }
            }
        }
        // A declared challenge method cannot keep its selector (the session answers through a handler).
        survey.movedClasses = survey.movedClasses.filter { name in
            !(survey.urlProtocolClasses.contains(name) && movesOnlyAsDelegate.contains(name))
                && !(survey.declaredDelegateMethods[name] ?? []).contains { DelegateMethodCatalogue.roleBySelector[$0] == .challenge }
        }
        settleOverridingSubclasses(&survey, planned: planned, superclasses: superclasses)
        survey.isComplete = true
        return survey
    }

    /// A subclass that creates no connection but implements delegate methods (overriding its
    /// superclass's, usually calling `super`) moves with the superclass that creates the
    /// connections, found up the chain of `@interface`s in any file: that class keeps the
    /// overridden selectors as ordinary methods, which its session's methods call, so the
    /// overrides and their `super` calls are still reached, with the task.
    /// A subclass that cannot follow (it overrides the challenge method, which becomes the
    /// session's, or a method the superclass does not implement, or it reads its connection)
    /// holds the superclass back with it: moved alone, the superclass would no longer call it.
    private static func settleOverridingSubclasses(
        _ survey: inout Survey, planned: [String: PlannedClass], superclasses: [String: String]
    ) {
        var following: [(subclass: String, keeping: SuperclassKeeping, selectors: Set<String>)] = []
        for (name, subclass) in planned.sorted(by: { $0.key < $1.key }) {
            guard let override = subclass.superclassOverride else { continue }
            // Up past classes without a plan and other overriding subclasses, to the one that creates.
            var base = superclasses[name]
            var visited: Set<String> = [name]
            var declared = survey.declaredDelegateMethods[name] ?? []
            while let candidate = base, planned[candidate]?.superclassOverride != nil || planned[candidate] == nil,
                  visited.insert(candidate).inserted {
                declared.formUnion(survey.declaredDelegateMethods[candidate] ?? [])
                base = superclasses[candidate]
            }
            guard let base, let creator = planned[base], creator.superclassOverride == nil,
                  survey.movedClasses.contains(base) else { continue }
            let overridden = subclass.roleBySelector
            let unmatched = overridden.keys.sorted().first { creator.roleBySelector[$0] == nil || overridden[$0] == .challenge }
            if subclass.otherObstacles == 0, !override.readsConnection, unmatched == nil {
                declared.formUnion(survey.declaredDelegateMethods[base] ?? [])
                following.append((name, SuperclassKeeping(base: base, undeclared: Set(overridden.keys).subtracting(declared)), Set(overridden.keys)))
                continue
            }
            let why = if let unmatched {
                overridden[unmatched] == .challenge
                    ? "\(name) overrides \(base)'s challenge method, which becomes the session's"
                    : "\(name) overrides \(unmatched), which \(base) does not implement"
            } else if override.readsConnection {
                "\(name)'s overrides read their connection, which the session's methods cannot give them"
            } else {
                "\(name) cannot move (its own notes say why)"
            }
            survey.heldBySubclass[base] = survey.heldBySubclass[base]
                ?? "\(why): \(base) moves only with its subclass's delegate code, so \(base) is left on NSURLConnection"
        }
        survey.movedClasses.subtract(survey.heldBySubclass.keys)
        for (subclass, keeping, selectors) in following where survey.movedClasses.contains(keeping.base) {
            survey.movedWithSuperclass[subclass] = keeping
            survey.movedClasses.insert(subclass)
            survey.declaredDelegateMethods[keeping.base, default: []].formUnion(selectors)
        }
    }

    /// The edits and notes for one file; its own classes count as surveyed.
    func fix(_ bytes: [UInt8]) -> Outcome {
        var survey = survey
        if !survey.isComplete {
            let own = Self.survey([bytes])
            survey.movedWithSuperclass.merge(own.movedWithSuperclass) { given, _ in given }
            survey.heldBySubclass.merge(own.heldBySubclass) { given, _ in given }
            survey.declaredDelegateMethods.merge(own.declaredDelegateMethods) { given, own in given.union(own) }
        }
        let surveyed = survey.files.planned(bytes)
        let file = surveyed?.file ?? ScannedFile(bytes: bytes, language: .objectiveC)
        let emitter = ObjectiveCSessionEmitter(file: file)
        let planner = ConnectionMigrationPlanner(file: file)
        var outcome = Outcome(edits: [], notes: [], movedLines: [], file: file)
        for var plan in surveyed?.plans ?? planner.plans() {
            // The planner has seen the interfaces in this file; the survey, those in the others.
            if survey.urlProtocolClasses.contains(plan.className) {
                planner.adoptURLProtocolForwarding(into: &plan)
            }
            if let declared = survey.declaredDelegateMethods[plan.className] {
                plan.keptSelectors.formUnion(declared)
                let reason = ConnectionMigrationPlanner.keptChallengeReason(className: plan.className)
                if let challenge = plan.method(.challenge), declared.contains(challenge.method.selector(in: file.stream)),
                   !plan.obstacles.contains(where: { $0.reason == reason }) {
                    plan.obstacles.append(.init(token: challenge.method.name, reason: reason))
                }
            }
            if let reason = survey.heldBySubclass[plan.className] {
                plan.obstacles.append(.init(token: plan.implementation.name, reason: reason))
            }
            if let override = plan.superclassOverride, let keeping = survey.movedWithSuperclass[plan.className] {
                plan.obstacles.removeAll { $0 == override.obstacle }
                if plan.canMove {
                    outcome.edits += emitter.overrideEdits(for: plan, declaringOn: keeping)
                    outcome.movedLines += ([plan.implementation] + plan.interfaces).map { lines(of: $0, in: file) }
                    continue
                }
            }
            guard plan.canMove else {
                for obstacle in plan.obstacles {
                    let token = file.stream[obstacle.token]
                    outcome.notes.append(FixNote(
                        line: Int(token.line), column: file.stream.column(obstacle.token), reason: obstacle.reason))
                }
                continue
            }
            outcome.edits += emitter.edits(for: plan, declaresSessionProtocol: survey.adoptingClasses.contains(plan.className))
            outcome.movedLines += ([plan.implementation] + plan.interfaces).map { lines(of: $0, in: file) }
        }
        for call in ObjectiveCSynchronousRequestNote.calls(in: file) {
            let token = file.stream[call]
            outcome.notes.append(FixNote(
                line: Int(token.line), column: file.stream.column(call), reason: ObjectiveCSynchronousRequestNote.reason))
            outcome.movedLines.append(Int(token.line)...Int(token.line))
        }
        let interfaces = planner.interfaceMigrations(movedClasses: survey.movedClasses)
        outcome.edits += interfaces.flatMap { emitter.edits(for: $0) }
        let movedInterfaces = Set(interfaces.map(\.className))
        outcome.movedLines += file.structure.types.filter {
            $0.kind == .objectiveCInterface && movedInterfaces.contains(file.stream.text($0.name))
        }.map { lines(of: $0, in: file) }
        let asynchronousRequests = ObjectiveCAsynchronousRequest.calls(in: file)
        outcome.movedLines += asynchronousRequests.map { Int(file.stream[$0.call.lowerBound].line)...Int(file.stream[$0.call.upperBound].line) }
        if !asynchronousRequests.isEmpty {
            outcome.edits = movingAsynchronousRequests(after: outcome.edits, in: bytes)
        }
        return outcome
    }

    /// A second stage: the calls may lie in a finish or failure body the first stage moves into
    /// `didCompleteWithError:` as text, so they are found again in the first stage's result and
    /// both stages reach the writer as edits of the file on disk. Conflicting first-stage edits
    /// are left for the writer to report.
    private func movingAsynchronousRequests(after classEdits: [SourceEdit], in bytes: [UInt8]) -> [SourceEdit] {
        // The resolved edits, not the proposed ones: resolving drops duplicates and joins an
        // insertion to the replacement that starts where it inserts, which `apply` needs.
        let staged = try? EditConflict.resolve(classEdits).get()
        let intermediate = ScannedFile(bytes: staged.map { SourceEdit.apply($0, to: bytes) } ?? bytes, language: .objectiveC)
        let callEdits = ObjectiveCAsynchronousRequestEmitter(file: intermediate).edits(for: ObjectiveCAsynchronousRequest.calls(in: intermediate))
        // Composing needs each stage free of overlaps; otherwise the writer reports the conflict.
        guard let staged, SourceEdit.areDisjoint(callEdits) else { return classEdits + callEdits }
        return SourceEdit.composed(staged, then: callEdits, original: bytes)
    }

    private func lines(of span: TypeSpan, in file: ScannedFile) -> ClosedRange<Int> {
        let first = file.stream[span.keyword].line
        let last = file.stream[min(span.body.upperBound, file.stream.count - 1)].line
        return Int(first)...Int(last)
    }
}
