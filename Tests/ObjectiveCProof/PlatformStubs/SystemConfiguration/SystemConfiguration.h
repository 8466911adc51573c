// Just enough of SystemConfiguration for compile-real-code: the reachability types the fetched
// files' headers name, as Apple declares them (the reference opaque, the flags a uint32_t).
// GNUstep has no SystemConfiguration. Nothing is ever run.
#ifndef _SYSTEMCONFIGURATION_H
#define _SYSTEMCONFIGURATION_H
#include <stdint.h>

typedef const struct __SCNetworkReachability *SCNetworkReachabilityRef;
typedef uint32_t SCNetworkReachabilityFlags;

#endif
