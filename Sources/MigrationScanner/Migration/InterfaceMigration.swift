/// The `@interface` of a class whose `@implementation`, in another file, moves to
/// NSURLSession: usually its header, which must adopt the session protocols and declare its
/// stored connections as tasks in the same run.
struct InterfaceMigration: Sendable {
    var className: String
    /// `NSURLConnectionDelegate` / `NSURLConnectionDataDelegate` in the protocol list.
    var adoptedProtocols: [Int]
    /// `NSURLConnection` in `NSURLConnection *` declarations (properties, ivars, parameters).
    var storedConnectionTypes: [Int]
}
