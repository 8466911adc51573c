/// NSURLConnection's own class methods, initializers and instance methods (its delegate methods are
/// `DelegateMethodCatalogue`'s), each with its Swift spelling, what replaces it on URLSession
/// (Swift) and NSURLSession (Objective-C), and what a finding about it recommends. The rules, the
/// planners, the emitters and Docs/APIMapping.md (checked by `APIMappingDocumentTests`) read this
/// one table.
enum ConnectionAPICatalogue {
    /// One NSURLConnection method.
    struct Entry: Sendable {
        /// The Objective-C selector (`sendSynchronousRequest:returningResponse:error:`).
        let selector: String
        /// How Swift 3+ code, and the shim, write it: `sendSynchronousRequest(_:returning:)`, or the
        /// initializer as called, `NSURLConnection(request:delegate:)`.
        let swiftSpelling: String
        /// How Swift 1 and 2 code wrote it, where that differs (`canHandleRequest(_:)`): the shim
        /// emitter renames it to `swiftSpelling`.
        var swift2Spelling: String?
        /// What replaces it on URLSession; "—" when URLSession has nothing in its place.
        var swiftCounterpart: String
        /// What replaces it on NSURLSession; "—" when NSURLSession has nothing in its place.
        var objectiveCCounterpart: String
        /// What a finding about it recommends in Swift code.
        var swiftAdvice: String
        /// What a finding about it recommends in Objective-C code, where the shim cannot help.
        var objectiveCAdvice: String

        /// An entry whose advice, unless given, is to use the counterpart.
        init(
            _ selector: String, swift swiftSpelling: String, swift2 swift2Spelling: String? = nil,
            counterparts: (swift: String, objectiveC: String), advice: (swift: String, objectiveC: String)? = nil
        ) {
            self.selector = selector
            self.swiftSpelling = swiftSpelling
            self.swift2Spelling = swift2Spelling
            self.swiftCounterpart = counterparts.swift
            self.objectiveCCounterpart = counterparts.objectiveC
            self.swiftAdvice = advice?.swift ?? counterparts.swift
            self.objectiveCAdvice = advice?.objectiveC ?? counterparts.objectiveC
            objectiveCName = String(selector.prefix { $0 != ":" })
            swiftName = Self.baseName(of: swiftSpelling)
        }

        /// The selector's first piece, the name a message expression shows (`scheduleInRunLoop`).
        /// Stored: the planners compare it with every identifier of a class.
        let objectiveCName: String
        /// The Swift base name, the name a call shows (`schedule`).
        let swiftName: String

        /// `spelling`'s name before its argument labels.
        static func baseName(of spelling: String) -> String { String(spelling.prefix { $0 != "(" }) }

        /// `spelling`'s argument labels (`_`, `returning`).
        static func labels(of spelling: String) -> [String] {
            guard let open = spelling.firstIndex(of: "(") else { return [] }
            return spelling[spelling.index(after: open)...].split(separator: ":").dropLast().map(String.init)
        }
    }

    /// The migration guide's Objective-C section, as of this build: an app has no Docs folder.
    static let objectiveCGuide = ToolIdentity.documentationURI("Docs/MigrationGuide.md#objective-c-straight-to-nsurlsession")

    /// Advice shared by every way of creating a connection.
    private static let creationAdvice = (
        swift: "URLConnection(request:delegate:) from URLConnectionShim (drop-in), then a data task on a shared URLSession",
        objectiveC: "a data task of one NSURLSession per delegate object (migrate-scan --fix rewrites the class)")
    private static let dataTask = (swift: "dataTask(with:)", objectiveC: "dataTaskWithRequest:")
    private static let dataTaskWithHandler = (swift: "dataTask(with:completionHandler:)", objectiveC: "dataTaskWithRequest:completionHandler:")
    private static let runLoopCounterparts = (swift: "delegateQueue", objectiveC: "delegateQueue")

    static let sendSynchronousRequest = Entry(
        "sendSynchronousRequest:returningResponse:error:", swift: "sendSynchronousRequest(_:returning:)",
        swift2: "sendSynchronousRequest(_:returningResponse:)",
        counterparts: (swift: "data(for:)", objectiveC: dataTaskWithHandler.objectiveC),
        advice: (
            swift: "try await URLSession.shared.data(for:); the shim's URLConnection.sendSynchronousRequest off the main thread",
            objectiveC: "-[NSURLSession \(dataTaskWithHandler.objectiveC)] with a completion handler; --fix leaves it, "
                + "saying why (\(objectiveCGuide))"))
    static let sendAsynchronousRequest = Entry(
        "sendAsynchronousRequest:queue:completionHandler:", swift: "sendAsynchronousRequest(_:queue:completionHandler:)",
        counterparts: dataTaskWithHandler,
        advice: (
            swift: "URLSession.shared.\(dataTaskWithHandler.swift) (it calls back on the session's queue, not yours) or data(for:)",
            objectiveC: "-[NSURLSession \(dataTaskWithHandler.objectiveC)], hopping to the old queue in the handler "
                + "(migrate-scan --fix rewrites the call)"))
    static let connectionWithRequest = Entry(
        "connectionWithRequest:delegate:", swift: "NSURLConnection(request:delegate:)",
        counterparts: dataTask, advice: creationAdvice)
    static let initWithRequest = Entry(
        "initWithRequest:delegate:", swift: "NSURLConnection(request:delegate:)", counterparts: dataTask, advice: creationAdvice)
    static let initWithRequestStartingLater = Entry(
        "initWithRequest:delegate:startImmediately:", swift: "NSURLConnection(request:delegate:startImmediately:)",
        counterparts: dataTask, advice: creationAdvice)
    static let canHandleRequest = Entry(
        "canHandleRequest:", swift: "canHandle(_:)", swift2: "canHandleRequest(_:)",
        counterparts: (swift: "—", objectiveC: "—"))
    static let start = Entry("start", swift: "start()", counterparts: (swift: "resume()", objectiveC: "resume"))
    static let cancel = Entry("cancel", swift: "cancel()", counterparts: (swift: "cancel()", objectiveC: "cancel"))
    static let scheduleInRunLoop = Entry(
        "scheduleInRunLoop:forMode:", swift: "schedule(in:forMode:)", counterparts: runLoopCounterparts)
    static let unscheduleFromRunLoop = Entry(
        "unscheduleFromRunLoop:forMode:", swift: "unschedule(from:forMode:)", counterparts: runLoopCounterparts)
    static let setDelegateQueue = Entry(
        "setDelegateQueue:", swift: "setDelegateQueue(_:)",
        counterparts: (
            swift: "URLSession(configuration:delegate:delegateQueue:)", objectiveC: "sessionWithConfiguration:delegate:delegateQueue:"))
    static let originalRequest = Entry(
        "originalRequest", swift: "originalRequest", counterparts: (swift: "originalRequest", objectiveC: "originalRequest"))
    static let currentRequest = Entry(
        "currentRequest", swift: "currentRequest", counterparts: (swift: "currentRequest", objectiveC: "currentRequest"))

    static let entries: [Entry] = [
        sendSynchronousRequest, sendAsynchronousRequest, connectionWithRequest, initWithRequest, initWithRequestStartingLater,
        canHandleRequest, start, cancel, scheduleInRunLoop, unscheduleFromRunLoop, setDelegateQueue, originalRequest, currentRequest,
    ]

    /// The messages that tie a connection to a run loop or a queue, which a session fixes when it is created.
    static let scheduling: [Entry] = [scheduleInRunLoop, unscheduleFromRunLoop, setDelegateQueue]

    /// The class methods Swift 1 and 2 spelled otherwise, by that spelling's base name.
    static let bySwift2Name: [String: Entry] = Dictionary(
        uniqueKeysWithValues: entries.compactMap { entry in entry.swift2Spelling.map { (Entry.baseName(of: $0), entry) } })
}
