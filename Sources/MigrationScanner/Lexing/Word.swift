/// The names rules and structure look for, interned while lexing.
///
/// An identifier is looked up once, by its bytes, in `WordTable`; after that rules compare
/// enum cases instead of strings. Only exact spellings match, so `NSURLConnectionStats`
/// is not `NSURLConnection`. The spelling is the case name, which is the raw value; `ordinal`,
/// the case's position, is `WordSet`'s bit index.
enum Word: String, CaseIterable, Sendable {
    // Legacy URL loading.
    case NSURLConnection, NSURLConnectionDelegate, NSURLConnectionDataDelegate, NSURLConnectionDownloadDelegate
    case alloc, new, initWithRequest, connectionWithRequest
    case sendSynchronousRequest, sendAsynchronousRequest, canHandleRequest
    case URLConnection, setDelegateQueue, startImmediately, start
    case NSURLDownload, NSURLDownloadDelegate
    case AFURLConnectionOperation, AFHTTPRequestOperation, AFHTTPRequestOperationManager, AFJSONRequestOperation
    case AFHTTPClient, AFImageRequestOperation, AFXMLRequestOperation, AFPropertyListRequestOperation
    // RestKit 0.27's copy of AFNetworking 1, its classes renamed with an AFRK prefix.
    case AFRKURLConnectionOperation, AFRKHTTPRequestOperation, AFRKJSONRequestOperation, AFRKHTTPClient
    case AFRKImageRequestOperation, AFRKXMLRequestOperation, AFRKPropertyListRequestOperation
    case ASIHTTPRequest, ASIFormDataRequest, ASINetworkQueue, ASIHTTPRequestDelegate
    case UIWebView, UIWebViewDelegate

    // Delegate method names (first selector pieces and Swift base names).
    case connection, connectionDidFinishLoading, connectionShouldUseCredentialStorage
    case connectionDidResumeDownloading, connectionDidFinishDownloading

    // URLSession and URLProtocol.
    case URLSession, NSURLSession, urlSession, sessionWithConfiguration, configuration, delegate, delegateQueue
    case finishTasksAndInvalidate, invalidateAndCancel
    case dataTaskWithRequest, dataTaskWithURL, dataTask, downloadTaskWithRequest, downloadTaskWithURL, downloadTask
    case uploadTaskWithRequest, uploadTask, uploadTaskWithStreamedRequest, resume
    case completionHandler, didReceiveResponse, didReceive
    case NSURLProtocol, URLProtocol, startLoading, canInitWithRequest, canInit
    case propertyForKey, property, forKey
    case HTTPBody, httpBody, setHTTPBody
    case protocolClasses, setProtocolClasses, registerClass, unregisterClass
    case setProperty, removeProperty, removePropertyForKey
    case setAllowsAnyHTTPSCertificate, allowsAnyHTTPSCertificateForHost
    case credentialForTrust, initWithTrust, URLCredential, NSURLCredential, trust, forTrust
    case DispatchSemaphore, dispatch_semaphore_create, dispatch_semaphore_wait, wait

    // Threads.
    case viewDidLoad, viewWillAppear, viewDidAppear, loadView
    case applicationDidFinishLaunching, application, didFinishLaunchingWithOptions, IBAction
    case dispatch_get_main_queue, mainQueue, main, DispatchQueue, OperationQueue, NSOperationQueue
    case performSelectorOnMainThread, onMainThread, MainActor
    case dispatch_async, dispatch_get_global_queue, global, performSelectorInBackground
    case addOperationWithBlock, detachNewThreadSelector

    // UI frameworks touched from delegate methods.
    case UIApplication, NSApp, NSApplication, view, tableView, collectionView, reloadData
    case setNeedsDisplay, setNeedsLayout, textLabel, imageView, label, statusLabel, progressView
    case activityIndicator, hidden, isHidden, image, text, alpha

    // Literals and values.
    case YES, NO, TRUE, FALSE, `nil`, `true`, `false`, `self`, `Self`, `super`

    // Swift keywords.
    case `class`, `struct`, `enum`, `extension`, `protocol`, actor, `func`, `init`, `deinit`, `subscript`
    case `var`, `let`, `where`, `import`, `return`, `if`, `else`, `guard`, `for`, `while`, `in`, `do`
    case `switch`, `case`, `default`, `break`, `continue`, `throw`, `throws`, `rethrows`, `try`
    case `catch`, `defer`, `repeat`, `static`, `public`, `private`, `fileprivate`, `internal`, `open`
    case override, final, mutating, nonmutating, convenience, required, lazy, weak, unowned, `typealias`, `as`, `is`
    case `associatedtype`, `operator`, `inout`, async, await, some, any

    // Objective-C and C keywords, and the words after `@`.
    case interface, implementation, end, optional, synthesize, dynamic, selector, autoreleasepool
    case `void`, `int`, `char`, `const`, `unsigned`, `signed`, `long`, `short`, `float`, `double`
    case `sizeof`, `typedef`, `goto`, `extern`, `volatile`, `union`, `inline`, `register`, id, BOOL, auto

    /// How the word is written in source: the case name, which a `String` raw value is without
    /// being written out. Made with `String(describing:)`, which reflects on the case, the table of
    /// spellings was a third of the command's start.
    var spelling: String { rawValue }

    /// The case's position in declaration order, `WordSet`'s bit index. A case without a payload is
    /// stored as that number (Swift's type layout), in one byte while there are at most 256 cases;
    /// `LexerPrefilterTests.testWordOrdinalsArePositionsInOneByte` checks both.
    @inline(__always)
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
