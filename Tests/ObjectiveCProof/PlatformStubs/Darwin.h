// What Darwin gives every file and Linux does not, for compile-real-code: the nullability
// qualifiers in Xcode 6.3's spelling, which Apple's clang predefines for Darwin targets, and the
// `__unused` and `__deprecated_msg` of Darwin's <sys/cdefs.h>. glibc's <sys/cdefs.h> has a
// `__nonnull(params)` of its own, an attribute of its headers' functions, so this comes after the
// system headers: PlatformStubs/Prefix.h imports it last (and a module of a tree's own headers
// imports Prefix.h first, as a module sees the predefines).
#include <sys/cdefs.h>
#undef __nonnull
#define __nonnull _Nonnull
#define __nullable _Nullable
#define __null_unspecified _Null_unspecified
#ifndef __unused
#define __unused __attribute__((__unused__))
#endif
#ifndef __deprecated_msg
#define __deprecated_msg(_msg) __attribute__((__deprecated__(_msg)))
#endif
