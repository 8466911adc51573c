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

typedef int32_t SInt32;
typedef double CFTimeInterval;
typedef const struct __CFNumber *CFNumberRef;
typedef struct __CFRunLoop *CFRunLoopRef;

typedef CFIndex CFNumberType;
enum {
    kCFNumberSInt8Type = 1,
    kCFNumberSInt16Type = 2,
    kCFNumberSInt32Type = 3,
    kCFNumberSInt64Type = 4,
    kCFNumberFloat32Type = 5,
    kCFNumberFloat64Type = 6,
    kCFNumberCharType = 7,
    kCFNumberShortType = 8,
    kCFNumberIntType = 9,
    kCFNumberLongType = 10,
    kCFNumberLongLongType = 11,
    kCFNumberFloatType = 12,
    kCFNumberDoubleType = 13,
    kCFNumberCFIndexType = 14,
    kCFNumberNSIntegerType = 15,
    kCFNumberCGFloatType = 16,
};

CFTypeRef CFRetain(CFTypeRef cf);
void CFRelease(CFTypeRef cf);
CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex numValues, const CFArrayCallBacks *callBacks);
const void *CFArrayGetValueAtIndex(CFArrayRef theArray, CFIndex idx);
CFDictionaryRef CFDictionaryCreate(CFAllocatorRef allocator, const void **keys, const void **values, CFIndex numValues,
    const CFDictionaryKeyCallBacks *keyCallBacks, const CFDictionaryValueCallBacks *valueCallBacks);
const void *CFDictionaryGetValue(CFDictionaryRef theDict, const void *key);
Boolean CFNumberGetValue(CFNumberRef number, CFNumberType theType, void *valuePtr);

extern const CFStringRef kCFRunLoopDefaultMode;
CFRunLoopRef CFRunLoopGetCurrent(void);
void CFRunLoopRun(void);
SInt32 CFRunLoopRunInMode(CFStringRef mode, CFTimeInterval seconds, Boolean returnAfterSourceHandled);
void CFRunLoopStop(CFRunLoopRef rl);

#define kCFStringEncodingInvalidId (0xffffffffU)
CFStringEncoding CFStringConvertNSStringEncodingToEncoding(unsigned long encoding);
unsigned long CFStringConvertEncodingToNSStringEncoding(CFStringEncoding encoding);
CFStringRef CFStringConvertEncodingToIANACharSetName(CFStringEncoding encoding);
CFStringEncoding CFStringConvertIANACharSetNameToEncoding(CFStringRef theString);

#endif
