// Just enough of the iOS SDK's <TargetConditionals.h> for compile-real-code: the target the
// fetched files test, an iOS device (on iOS, as in Apple's header, TARGET_OS_MAC is 1 too).
// Apple's Foundation brings this header (through CoreFoundation), so PlatformStubs/Prefix.h
// imports it.
#ifndef __TARGETCONDITIONALS__
#define __TARGETCONDITIONALS__

#define TARGET_OS_MAC 1
#define TARGET_OS_IPHONE 1
#define TARGET_OS_IOS 1
#define TARGET_OS_TV 0
#define TARGET_OS_WATCH 0
#define TARGET_OS_SIMULATOR 0
#define TARGET_IPHONE_SIMULATOR 0

#endif
