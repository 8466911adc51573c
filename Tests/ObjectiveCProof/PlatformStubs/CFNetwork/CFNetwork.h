// Just enough of CFNetwork's types for compile-real-code: GNUstep has no CFNetwork, while on
// macOS a target's AppKit prefix header brings them (through CoreServices). Opaque, as Apple's.
typedef struct __CFHTTPMessage *CFHTTPMessageRef;
typedef struct _CFHTTPAuthentication *CFHTTPAuthenticationRef;
typedef unsigned long CFStreamEventType;

// CFNetworkErrors.h's URL loading codes, which Apple's Foundation brings (NSURLError.h defines
// NSURLError… from them), with Apple's values: the ones the fetched files name.
enum {
    kCFURLErrorNetworkConnectionLost = -1005,
    kCFURLErrorNotConnectedToInternet = -1009,
};
