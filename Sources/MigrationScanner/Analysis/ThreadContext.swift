/// Which thread code runs on, as far as the declarations around it say.
enum ThreadContext {
    private static let entryPointNames = WordSet([
        .viewDidLoad, .viewWillAppear, .viewDidAppear, .loadView, .applicationDidFinishLaunching,
    ])
    /// Words that move the block that follows them off the main thread.
    private static let backgroundHops = WordSet([
        .dispatch_get_global_queue, .global, .performSelectorInBackground, .addOperationWithBlock,
        .detachNewThreadSelector,
    ])
    /// Words that move work back onto the main thread.
    static let mainHops = WordSet([
        .dispatch_get_main_queue, .mainQueue, .main, .performSelectorOnMainThread, .MainActor,
    ])

    /// UIKit calls this method on the main thread: view lifecycle, app launch, IBActions.
    static func isMainThreadEntryPoint(_ method: MethodSpan, in stream: TokenStream) -> Bool {
        if method.isInterfaceBuilderAction { return true }
        guard !method.isFunction, let name = stream.word(method.name) else { return false }
        if entryPointNames.contains(name) { return true }
        return name == .application && method.parameters.contains { parameter in
            parameter.label.map { stream.isWord($0, .didFinishLaunchingWithOptions) } ?? false
        }
    }

    /// The selectors this file sends with `performSelectorOnMainThread:@selector(…)` (Objective-C)
    /// or `performSelector(onMainThread: #selector(…), …)` (Swift): their methods run on the main
    /// thread. Objective-C selectors are spelt as `MethodSpan.selector(in:)` spells them
    /// (`load:`); Swift ones are base names.
    static func selectorsPerformedOnMainThread(in file: ScannedFile) -> Set<String> {
        let stream = file.stream
        var selectors: Set<String> = []
        for index in file.occurrences(of: WordSet([.performSelectorOnMainThread, .onMainThread])) {
            // `performSelectorOnMainThread:@selector(` or `onMainThread: #selector(`.
            let open = index + 2
            guard stream.isPunctuation(index + 1, ":"), open < stream.count, stream[open].kind == .directive,
                  stream.isPunctuation(open + 1, "("), let close = file.structure.partner(open + 1) else { continue }
            let names = (open + 2..<close).map { stream.text($0) }
            selectors.insert(stream.language == .swift ? (names.first ?? "") : names.joined())
        }
        return selectors
    }

    /// True when `token` is inside a block or closure of `method` that was dispatched to a
    /// background queue (`dispatch_async(dispatch_get_global_queue(…), ^{ … })`,
    /// `DispatchQueue.global().async { … }`).
    static func isInBackgroundBlock(_ token: Int, of method: MethodSpan, in file: ScannedFile) -> Bool {
        guard let body = method.body else { return false }
        let stream = file.stream
        var index = token - 1
        while index >= body.lowerBound {
            if stream.isPunctuation(index, "}"), let open = file.structure.partner(index), open < index {
                index = open - 1
                continue
            }
            if stream.isPunctuation(index, "{") {
                var lookBehind = index - 1
                while lookBehind >= body.lowerBound && index - lookBehind <= 40 && !stream.isPunctuation(lookBehind, ";")
                        && !stream.isPunctuation(lookBehind, "{") && !stream.isPunctuation(lookBehind, "}") {
                    if let word = stream.word(lookBehind), backgroundHops.contains(word) { return true }
                    lookBehind -= 1
                }
            }
            index -= 1
        }
        return false
    }
}
