// Placeholder owned by the loopback server work.
enum LoopbackHTTPServerPlaceholder {}
