// Just enough of the SDK's <AvailabilityMacros.h> for compile-real-code: the attribute the fetched
// files' headers use. Apple's Foundation brings this header (CoreFoundation's CFAvailability.h
// includes it "for compatibility, because projects rely on them being included"), so
// PlatformStubs/Prefix.h imports it.
#ifndef __AVAILABILITYMACROS__
#define __AVAILABILITYMACROS__

#define DEPRECATED_ATTRIBUTE __attribute__((deprecated))

#endif
