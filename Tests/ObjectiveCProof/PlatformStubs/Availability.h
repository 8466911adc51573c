// Just enough of the iOS SDK's <Availability.h> for compile-real-code: the version constants the
// fetched files test, and the deployment target of an iOS app that may use NSURLSession (iOS 7.0,
// the first to have it; the SDK, iOS 9.0). Apple's Foundation brings this header (through
// CoreFoundation), so PlatformStubs/Prefix.h imports it.
#ifndef __AVAILABILITY__
#define __AVAILABILITY__

#define __IPHONE_2_0 20000
#define __IPHONE_3_0 30000
#define __IPHONE_4_0 40000
#define __IPHONE_5_0 50000
#define __IPHONE_6_0 60000
#define __IPHONE_7_0 70000
#define __IPHONE_8_0 80000
#define __IPHONE_9_0 90000

#define __IPHONE_OS_VERSION_MIN_REQUIRED __IPHONE_7_0
#define __IPHONE_OS_VERSION_MAX_ALLOWED __IPHONE_9_0

#endif
