// Just enough of Security's types for compile-real-code: GNUstep has no Security framework,
// while on macOS a target's AppKit prefix header brings them (through CoreServices).
typedef struct __SecIdentity *SecIdentityRef;
