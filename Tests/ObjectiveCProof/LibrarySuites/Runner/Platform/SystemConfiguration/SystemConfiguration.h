// SystemConfiguration's reachability, as far as the libraries under test use it, for the
// loopback world the suites run in: every host is reachable over a local interface (not WWAN);
// a scheduled reachability object tells its callback so once, from the run loop it is scheduled
// in, as SystemConfiguration does after the first resolution. Implemented in PlatformSubset.m.
// The include guard is SystemConfiguration's own: libraries test it to build their reachability.
#ifndef _SYSTEMCONFIGURATION_H
#define _SYSTEMCONFIGURATION_H
#import "../CoreFoundationSubset.h"
#include <netinet/in.h>
#include <sys/socket.h>

typedef struct __SCNetworkReachability *SCNetworkReachabilityRef;
typedef uint32_t SCNetworkReachabilityFlags;
// The same fields as a stream client's context, in the same order, as in Apple's headers.
typedef CFStreamClientContext SCNetworkReachabilityContext;
typedef void (*SCNetworkReachabilityCallBack)(SCNetworkReachabilityRef target, SCNetworkReachabilityFlags flags, void *info);

enum {
    kSCNetworkReachabilityFlagsTransientConnection = 1 << 0,
    kSCNetworkReachabilityFlagsReachable = 1 << 1,
    kSCNetworkReachabilityFlagsConnectionRequired = 1 << 2,
    kSCNetworkReachabilityFlagsConnectionOnTraffic = 1 << 3,
    kSCNetworkReachabilityFlagsInterventionRequired = 1 << 4,
    kSCNetworkReachabilityFlagsConnectionOnDemand = 1 << 5,
    kSCNetworkReachabilityFlagsIsLocalAddress = 1 << 16,
    kSCNetworkReachabilityFlagsIsDirect = 1 << 17,
    kSCNetworkReachabilityFlagsIsWWAN = 1 << 18,
};
// The names of Mac OS X 10.4's SCNetwork.h, the same flags.
enum {
    kSCNetworkFlagsReachable = kSCNetworkReachabilityFlagsReachable,
    kSCNetworkFlagsConnectionRequired = kSCNetworkReachabilityFlagsConnectionRequired,
};

SCNetworkReachabilityRef SCNetworkReachabilityCreateWithName(CFAllocatorRef allocator, const char *nodename);
SCNetworkReachabilityRef SCNetworkReachabilityCreateWithAddress(CFAllocatorRef allocator, const struct sockaddr *address);
Boolean SCNetworkReachabilityGetFlags(SCNetworkReachabilityRef target, SCNetworkReachabilityFlags *flags);
Boolean SCNetworkReachabilitySetCallback(SCNetworkReachabilityRef target, SCNetworkReachabilityCallBack callout, SCNetworkReachabilityContext *context);
Boolean SCNetworkReachabilityScheduleWithRunLoop(SCNetworkReachabilityRef target, CFRunLoopRef runLoop, CFStringRef runLoopMode);
Boolean SCNetworkReachabilityUnscheduleFromRunLoop(SCNetworkReachabilityRef target, CFRunLoopRef runLoop, CFStringRef runLoopMode);
#endif
