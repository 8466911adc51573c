// Just enough of CoreFoundation for compile-real-code: the types and functions the fetched files
// call, with Apple's signatures (the callbacks' structures only named: the files pass NULL).
// GNUstep has no CoreFoundation here (its CoreFoundation/CFCGTypes.h has CGFloat and the CG
// geometry only); Apple's Foundation brings it, so PlatformStubs/Prefix.h imports it. Nothing is
// ever run.
#ifndef __COREFOUNDATION_COREFOUNDATION__
#define __COREFOUNDATION_COREFOUNDATION__
#include <stdint.h>

typedef unsigned char Boolean;
typedef signed long CFIndex;
typedef const void *CFTypeRef;
typedef const struct __CFAllocator *CFAllocatorRef;
typedef const struct __CFString *CFStringRef;
typedef const struct __CFData *CFDataRef;
typedef const struct __CFArray *CFArrayRef;
typedef const struct __CFDictionary *CFDictionaryRef;
typedef uint32_t CFStringEncoding;
typedef struct CFArrayCallBacks CFArrayCallBacks;
typedef struct CFDictionaryKeyCallBacks CFDictionaryKeyCallBacks;
typedef struct CFDictionaryValueCallBacks CFDictionaryValueCallBacks;

CFTypeRef CFRetain(CFTypeRef cf);
void CFRelease(CFTypeRef cf);
CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex numValues, const CFArrayCallBacks *callBacks);
const void *CFArrayGetValueAtIndex(CFArrayRef theArray, CFIndex idx);
CFDictionaryRef CFDictionaryCreate(CFAllocatorRef allocator, const void **keys, const void **values, CFIndex numValues,
    const CFDictionaryKeyCallBacks *keyCallBacks, const CFDictionaryValueCallBacks *valueCallBacks);
const void *CFDictionaryGetValue(CFDictionaryRef theDict, const void *key);
CFStringEncoding CFStringConvertNSStringEncodingToEncoding(unsigned long encoding);
CFStringRef CFStringConvertEncodingToIANACharSetName(CFStringEncoding encoding);

#endif
