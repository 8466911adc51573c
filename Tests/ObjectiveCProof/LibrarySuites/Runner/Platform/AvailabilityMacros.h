// <AvailabilityMacros.h>: the deprecation and availability markers the libraries under test put
// on their declarations, which mean nothing here (Prefix.h has DEPRECATED_ATTRIBUTE).
#ifndef DEPRECATED_ATTRIBUTE
#define DEPRECATED_ATTRIBUTE __attribute__((deprecated))
#endif
#define DEPRECATED_MSG_ATTRIBUTE(message) __attribute__((deprecated(message)))
#define AVAILABLE_MAC_OS_X_VERSION_10_5_AND_LATER
#define AVAILABLE_MAC_OS_X_VERSION_10_6_AND_LATER
#define AVAILABLE_MAC_OS_X_VERSION_10_7_AND_LATER
