// Just enough of CFNetwork's types for compile-real-code: GNUstep has no CFNetwork, while on
// macOS a target's AppKit prefix header brings them (through CoreServices). Opaque, as Apple's.
typedef struct __CFHTTPMessage *CFHTTPMessageRef;
typedef struct _CFHTTPAuthentication *CFHTTPAuthenticationRef;
typedef unsigned long CFStreamEventType;
