// CoreFoundation as far as the libraries under test call it. The types are toll-free bridged to
// Foundation's classes, as on Apple's platforms, so a CFStringRef is an NSString here too; a
// CFStringEncoding is the NSStringEncoding of the same encoding.
#import <Foundation/Foundation.h>

typedef const void *CFTypeRef;
typedef const struct __CFString *CFStringRef;
typedef struct __CFString *CFMutableStringRef;
typedef const struct __CFData *CFDataRef;
typedef const struct __CFArray *CFArrayRef;
typedef const struct __CFAllocator *CFAllocatorRef;
typedef const struct __CFDictionary *CFDictionaryRef;
typedef struct __CFReadStream *CFReadStreamRef;
typedef struct __CFWriteStream *CFWriteStreamRef;
typedef struct __CFRunLoop *CFRunLoopRef;
typedef struct __CFBundle *CFBundleRef;
typedef struct __CFError *CFErrorRef;
typedef const struct __CFUUID *CFUUIDRef;
typedef signed long CFIndex;
typedef unsigned long CFOptionFlags;
typedef unsigned int CFStringEncoding;
typedef unsigned char Boolean;
typedef struct { CFIndex location; CFIndex length; } CFRange;
typedef struct {
    CFIndex version;
    void *info;
    const void *(*retain)(const void *info);
    void (*release)(const void *info);
    CFStringRef (*copyDescription)(const void *info);
} CFStreamClientContext;
typedef void (*CFReadStreamClientCallBack)(CFReadStreamRef stream, CFOptionFlags type, void *clientCallBackInfo);
typedef const void *(*CFArrayRetainCallBack)(CFAllocatorRef allocator, const void *value);
typedef struct { CFIndex version; const void *retain; const void *release; const void *copyDescription; const void *equal; } CFArrayCallBacks;

#define kCFAllocatorDefault ((CFAllocatorRef)NULL)
#define kCFStringEncodingInvalidId (0xffffffffU)
#define kCFStringEncodingUTF8 ((CFStringEncoding)NSUTF8StringEncoding)
#define CFSTR(literal) ((__bridge CFStringRef)@"" literal)
// CFNetwork's URL error codes are Foundation's.
enum { kCFURLErrorUserCancelledAuthentication = NSURLErrorUserCancelledAuthentication,
       kCFURLErrorUserAuthenticationRequired = NSURLErrorUserAuthenticationRequired,
       kCFURLErrorNotConnectedToInternet = NSURLErrorNotConnectedToInternet,
       kCFURLErrorNetworkConnectionLost = NSURLErrorNetworkConnectionLost };
extern const CFArrayCallBacks kCFTypeArrayCallBacks;
extern const CFStringRef kCFRunLoopCommonModes;
extern const CFStringRef kCFBundleVersionKey;
extern const CFStringRef kCFBundleIdentifierKey;
extern const CFStringRef kCFBundleExecutableKey;
extern const CFStringRef kCFStringTransformToLatin;
extern const CFStringRef kCFStringTransformStripCombiningMarks;

// Audited for ARC, as Apple's CoreFoundation headers are (CF_IMPLICIT_BRIDGING_ENABLED): a +0
// result may be cast to an Objective-C type, and an object cast to a CF type as an argument,
// without __bridge.
#pragma clang arc_cf_code_audited begin
CFTypeRef CFRetain(CFTypeRef cf);
void CFRelease(CFTypeRef cf);
CFStringRef CFURLCreateStringByAddingPercentEscapes(CFAllocatorRef allocator, CFStringRef string,
    CFStringRef charactersToLeaveUnescaped, CFStringRef legalURLCharactersToBeEscaped, CFStringEncoding encoding);
CFStringRef CFURLCreateStringByReplacingPercentEscapesUsingEncoding(CFAllocatorRef allocator, CFStringRef string,
    CFStringRef charactersToLeaveEscaped, CFStringEncoding encoding);
CFStringEncoding CFStringConvertNSStringEncodingToEncoding(NSStringEncoding encoding);
NSStringEncoding CFStringConvertEncodingToNSStringEncoding(CFStringEncoding encoding);
CFStringRef CFStringConvertEncodingToIANACharSetName(CFStringEncoding encoding);
CFStringEncoding CFStringConvertIANACharSetNameToEncoding(CFStringRef name);
Boolean CFStringTransform(CFMutableStringRef string, CFRange *range, CFStringRef transform, Boolean reverse);
void CFStringTrimWhitespace(CFMutableStringRef string);
// A CFUUID is an NSUUID.
CFUUIDRef CFUUIDCreate(CFAllocatorRef allocator);
CFStringRef CFUUIDCreateString(CFAllocatorRef allocator, CFUUIDRef uuid);
CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex count, const CFArrayCallBacks *callBacks);
CFIndex CFArrayGetCount(CFArrayRef array);
const void *CFArrayGetValueAtIndex(CFArrayRef array, CFIndex index);
CFBundleRef CFBundleGetMainBundle(void);
CFTypeRef CFBundleGetValueForInfoDictionaryKey(CFBundleRef bundle, CFStringRef key);
CFRunLoopRef CFRunLoopGetMain(void);
CFRunLoopRef CFRunLoopGetCurrent(void);
void CFStreamCreateBoundPair(CFAllocatorRef allocator, CFReadStreamRef *readStream, CFWriteStreamRef *writeStream, CFIndex bufferSize);
#pragma clang arc_cf_code_audited end

#if __has_feature(objc_arc)
static inline id CFBridgingRelease(CFTypeRef cf) { return (__bridge_transfer id)cf; }
static inline CFTypeRef CFBridgingRetain(id object) { return (__bridge_retained CFTypeRef)object; }
#else
static inline id CFBridgingRelease(CFTypeRef cf) { return [(id)cf autorelease]; }
static inline CFTypeRef CFBridgingRetain(id object) { return [object retain]; }
#endif
