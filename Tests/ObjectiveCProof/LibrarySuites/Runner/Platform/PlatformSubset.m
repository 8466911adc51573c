// CoreFoundation's and Security's functions declared in CoreFoundationSubset.h and
// SecuritySubset.h, over GNUstep's Foundation. Manual retain/release (-fno-objc-arc): the
// "Create" and "Copy" functions return a +1 reference, as CoreFoundation's do.
#import <objc/runtime.h>
#import "CoreFoundationSubset.h"
#import "SecuritySubset.h"
#import "SystemConfiguration/SystemConfiguration.h"
#import "Cocoa/Cocoa.h"
#import "CoreServices/CoreServices.h"
#import <GNUstepBase/GSMime.h>
#import <GNUstepBase/NSStream+GNUstepBase.h>
#include <unistd.h>

const CFArrayCallBacks kCFTypeArrayCallBacks = {0, NULL, NULL, NULL, NULL};
const CFStringRef kCFRunLoopCommonModes = (CFStringRef)@"kCFRunLoopCommonModes";
const CFStringRef kCFBundleVersionKey = (CFStringRef)@"CFBundleVersion";
const CFStringRef kCFBundleIdentifierKey = (CFStringRef)@"CFBundleIdentifier";
const CFStringRef kCFBundleExecutableKey = (CFStringRef)@"CFBundleExecutable";
const CFStringRef kCFStringTransformToLatin = (CFStringRef)@"Any-Latin";
const CFStringRef kCFStringTransformStripCombiningMarks = (CFStringRef)@"NFD; [:Nonspacing Mark:] Remove; NFC";

CFTypeRef CFRetain(CFTypeRef cf) { return [(id)cf retain]; }
void CFRelease(CFTypeRef cf) { [(id)cf release]; }

// CoreFoundation's rule: bytes outside the URL's legal characters are escaped, and so are those
// of `legalURLCharactersToBeEscaped`, except those of `charactersToLeaveUnescaped`.
CFStringRef CFURLCreateStringByAddingPercentEscapes(CFAllocatorRef allocator, CFStringRef string,
    CFStringRef charactersToLeaveUnescaped, CFStringRef legalURLCharactersToBeEscaped, CFStringEncoding encoding) {
    (void)allocator;
    NSData *bytes = [(NSString *)string dataUsingEncoding:CFStringConvertEncodingToNSStringEncoding(encoding)];
    NSString *keep = charactersToLeaveUnescaped ? (NSString *)charactersToLeaveUnescaped : @"";
    NSString *escape = legalURLCharactersToBeEscaped ? (NSString *)legalURLCharactersToBeEscaped : @"";
    static const char legal[] = "!$&'()*+,-./:;=?@_~#[]";
    NSMutableString *result = [[NSMutableString alloc] init];
    const unsigned char *b = bytes.bytes;
    for (NSUInteger i = 0; i < bytes.length; i++) {
        unichar c = b[i];
        NSString *character = [NSString stringWithCharacters:&c length:1];
        BOOL isLegal = c < 0x80 && (isalnum(c) || strchr(legal, (int)c) != NULL) && c != 0;
        BOOL escaped = !isLegal || [escape rangeOfString:character].location != NSNotFound;
        if (escaped && c < 0x80 && [keep rangeOfString:character].location != NSNotFound) escaped = NO;
        if (escaped) [result appendFormat:@"%%%02X", (unsigned)c]; else [result appendString:character];
    }
    return (CFStringRef)result;
}

CFStringRef CFURLCreateStringByReplacingPercentEscapesUsingEncoding(CFAllocatorRef allocator, CFStringRef string,
    CFStringRef charactersToLeaveEscaped, CFStringEncoding encoding) {
    (void)allocator; (void)charactersToLeaveEscaped;
    return (CFStringRef)[[(NSString *)string stringByReplacingPercentEscapesUsingEncoding:CFStringConvertEncodingToNSStringEncoding(encoding)] retain];
}

CFStringEncoding CFStringConvertNSStringEncodingToEncoding(NSStringEncoding encoding) { return (CFStringEncoding)encoding; }
NSStringEncoding CFStringConvertEncodingToNSStringEncoding(CFStringEncoding encoding) { return encoding; }
CFStringRef CFStringConvertEncodingToIANACharSetName(CFStringEncoding encoding) {
    return (CFStringRef)[GSMimeDocument charsetFromEncoding:encoding];
}
CFStringEncoding CFStringConvertIANACharSetNameToEncoding(CFStringRef name) {
    NSStringEncoding encoding = [GSMimeDocument encodingFromCharset:(NSString *)name];
    return encoding == 0 ? kCFStringEncodingInvalidId : (CFStringEncoding)encoding;
}
// No ICU transforms: the string is left as it is, reported as not transformed.
void CFStringTrimWhitespace(CFMutableStringRef string) {
    NSMutableString *text = (NSMutableString *)string;
    [text setString:[text stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]]];
}
CFUUIDRef CFUUIDCreate(CFAllocatorRef allocator) { (void)allocator; return (CFUUIDRef)[[NSUUID alloc] init]; }
CFStringRef CFUUIDCreateString(CFAllocatorRef allocator, CFUUIDRef uuid) {
    (void)allocator;
    return (CFStringRef)[[(NSUUID *)uuid UUIDString] copy];
}
Boolean CFStringTransform(CFMutableStringRef string, CFRange *range, CFStringRef transform, Boolean reverse) {
    (void)string; (void)range; (void)transform; (void)reverse;
    return false;
}

CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex count, const CFArrayCallBacks *callBacks) {
    (void)allocator; (void)callBacks;
    return (CFArrayRef)[[NSArray alloc] initWithObjects:(id *)values count:(NSUInteger)count];
}
CFIndex CFArrayGetCount(CFArrayRef array) { return (CFIndex)[(NSArray *)array count]; }
const void *CFArrayGetValueAtIndex(CFArrayRef array, CFIndex index) { return [(NSArray *)array objectAtIndex:(NSUInteger)index]; }

CFBundleRef CFBundleGetMainBundle(void) { return (CFBundleRef)[NSBundle mainBundle]; }
CFTypeRef CFBundleGetValueForInfoDictionaryKey(CFBundleRef bundle, CFStringRef key) {
    return [(NSBundle *)bundle objectForInfoDictionaryKey:(NSString *)key];
}
CFRunLoopRef CFRunLoopGetMain(void) { return (CFRunLoopRef)[NSRunLoop mainRunLoop]; }
CFRunLoopRef CFRunLoopGetCurrent(void) { return (CFRunLoopRef)[NSRunLoop currentRunLoop]; }

void CFStreamCreateBoundPair(CFAllocatorRef allocator, CFReadStreamRef *readStream, CFWriteStreamRef *writeStream, CFIndex bufferSize) {
    (void)allocator; (void)bufferSize;
    NSInputStream *input = nil;
    NSOutputStream *output = nil;
    // GNUstep's bound pair is a pipe (its buffer is the kernel's).
    [NSStream pipeWithInputStream:&input outputStream:&output];
    if (readStream) *readStream = (CFReadStreamRef)[input retain];
    if (writeStream) *writeStream = (CFWriteStreamRef)[output retain];
}

int SecRandomCopyBytes(SecRandomRef rnd, size_t count, uint8_t *bytes) {
    (void)rnd;
    FILE *source = fopen("/dev/urandom", "r");
    if (source == NULL) return -1;
    size_t read = fread(bytes, 1, count, source);
    fclose(source);
    return read == count ? 0 : -1;
}

OSStatus SecTrustEvaluate(SecTrustRef trust, SecTrustResultType *result) {
    (void)trust;
    if (result) *result = kSecTrustResultInvalid;
    return errSecUnimplemented;
}
OSStatus SecTrustCreateWithCertificates(CFTypeRef certificates, CFTypeRef policies, SecTrustRef *trust) {
    (void)certificates; (void)policies;
    if (trust) *trust = NULL;
    return errSecUnimplemented;
}
SecKeyRef SecTrustCopyPublicKey(SecTrustRef trust) { (void)trust; return NULL; }
CFIndex SecTrustGetCertificateCount(SecTrustRef trust) { (void)trust; return 0; }
SecCertificateRef SecTrustGetCertificateAtIndex(SecTrustRef trust, CFIndex index) { (void)trust; (void)index; return NULL; }
SecCertificateRef SecCertificateCreateWithData(CFAllocatorRef allocator, CFDataRef data) { (void)allocator; (void)data; return NULL; }
CFDataRef SecCertificateCopyData(SecCertificateRef certificate) { (void)certificate; return NULL; }
SecPolicyRef SecPolicyCreateBasicX509(void) { return NULL; }
SecPolicyRef SecPolicyCreateSSL(Boolean server, CFStringRef hostname) { (void)server; (void)hostname; return NULL; }
OSStatus SecTrustSetAnchorCertificates(SecTrustRef trust, CFArrayRef anchorCertificates) { (void)trust; (void)anchorCertificates; return errSecUnimplemented; }
OSStatus SecTrustSetPolicies(SecTrustRef trust, CFTypeRef policies) { (void)trust; (void)policies; return errSecUnimplemented; }
OSStatus SecItemExport(CFTypeRef item, SecExternalFormat format, SecItemImportExportFlags flags,
    const SecItemImportExportKeyParameters *parameters, CFDataRef *exported) {
    (void)item; (void)format; (void)flags; (void)parameters;
    if (exported) *exported = NULL;
    return errSecUnimplemented;
}

@implementation NSURLConnection (ProofCurrentRequest)
// GNUstep's NSURLConnection.m keeps the request it loads (replaced on each redirect it follows)
// first in the block its _NSURLConnectionInternal ivar points to.
- (NSURLRequest *)currentRequest {
    Ivar ivar = class_getInstanceVariable([NSURLConnection class], "_NSURLConnectionInternal");
    void *internal = ivar ? *(void **)((char *)self + ivar_getOffset(ivar)) : NULL;
    return internal ? [[*(NSURLRequest **)internal retain] autorelease] : nil;
}
@end

@implementation NSOutputStream (ProofURL)
- (instancetype)initWithURL:(NSURL *)url append:(BOOL)shouldAppend {
    if (![url isFileURL]) { [self release]; return nil; }
    return [self initToFileAtPath:[url path] append:shouldAppend];
}
+ (instancetype)outputStreamWithURL:(NSURL *)url append:(BOOL)shouldAppend {
    return [[[self alloc] initWithURL:url append:shouldAppend] autorelease];
}
@end

@implementation NSData (ProofBase64Encoding)
- (instancetype)initWithBase64Encoding:(NSString *)base64String {
    return [self initWithBase64EncodedString:base64String options:NSDataBase64DecodingIgnoreUnknownCharacters];
}
- (NSString *)base64Encoding {
    return [self base64EncodedStringWithOptions:0];
}
@end

@implementation NSURLProtectionSpace (ServerTrust)
- (SecTrustRef)serverTrust { return NULL; }
@end
@implementation NSURLCredential (ServerTrust)
+ (NSURLCredential *)credentialForTrust:(SecTrustRef)trust { (void)trust; return nil; }
@end

// A reachability target: its callback and context, told once when scheduled.
@interface ProofReachability : NSObject {
@public
    SCNetworkReachabilityCallBack callback;
    SCNetworkReachabilityContext context;
    BOOL scheduled;
}
@end

@implementation ProofReachability
- (void)tell {
    if (scheduled && callback) callback((SCNetworkReachabilityRef)self, kSCNetworkReachabilityFlagsReachable, context.info);
}
- (void)dealloc {
    if (context.release && context.info) context.release(context.info);
    [super dealloc];
}
@end

SCNetworkReachabilityRef SCNetworkReachabilityCreateWithName(CFAllocatorRef allocator, const char *nodename) {
    (void)allocator; (void)nodename;
    return (SCNetworkReachabilityRef)[[ProofReachability alloc] init];
}
SCNetworkReachabilityRef SCNetworkReachabilityCreateWithAddress(CFAllocatorRef allocator, const struct sockaddr *address) {
    (void)allocator; (void)address;
    return (SCNetworkReachabilityRef)[[ProofReachability alloc] init];
}
Boolean SCNetworkReachabilityGetFlags(SCNetworkReachabilityRef target, SCNetworkReachabilityFlags *flags) {
    (void)target;
    *flags = kSCNetworkReachabilityFlagsReachable;
    return true;
}
Boolean SCNetworkReachabilitySetCallback(SCNetworkReachabilityRef target, SCNetworkReachabilityCallBack callout, SCNetworkReachabilityContext *context) {
    ProofReachability *reachability = (ProofReachability *)target;
    if (reachability->context.release && reachability->context.info) reachability->context.release(reachability->context.info);
    reachability->callback = callout;
    reachability->context = context ? *context : (SCNetworkReachabilityContext){0, NULL, NULL, NULL, NULL};
    if (reachability->context.retain && reachability->context.info) reachability->context.retain(reachability->context.info);
    return true;
}
Boolean SCNetworkReachabilityScheduleWithRunLoop(SCNetworkReachabilityRef target, CFRunLoopRef runLoop, CFStringRef runLoopMode) {
    ProofReachability *reachability = (ProofReachability *)target;
    reachability->scheduled = YES;
    [(NSRunLoop *)runLoop performSelector:@selector(tell) target:reachability argument:nil order:0
                                    modes:@[[(NSString *)runLoopMode isEqualToString:@"kCFRunLoopCommonModes"] ? NSDefaultRunLoopMode : (NSString *)runLoopMode]];
    return true;
}
Boolean SCNetworkReachabilityUnscheduleFromRunLoop(SCNetworkReachabilityRef target, CFRunLoopRef runLoop, CFStringRef runLoopMode) {
    (void)runLoop; (void)runLoopMode;
    ((ProofReachability *)target)->scheduled = NO;
    return true;
}

@implementation NSImageRep
@synthesize size = _size;
@end

@implementation NSBitmapImageRep
- (instancetype)initWithData:(NSData *)data {
    if (data.length == 0) { [self release]; return nil; }
    return [super init];
}
- (NSInteger)pixelsWide { return (NSInteger)self.size.width; }
- (NSInteger)pixelsHigh { return (NSInteger)self.size.height; }
@end

@implementation NSImage {
    NSMutableArray *_representations;
}
@synthesize size = _size;
- (instancetype)initWithSize:(NSSize)size {
    if ((self = [super init])) { _size = size; _representations = [[NSMutableArray alloc] init]; }
    return self;
}
- (instancetype)initWithData:(NSData *)data {
    NSBitmapImageRep *representation = [[[NSBitmapImageRep alloc] initWithData:data] autorelease];
    if (representation == nil) { [self release]; return nil; }
    if ((self = [self initWithSize:NSZeroSize])) [self addRepresentation:representation];
    return self;
}
- (void)addRepresentation:(NSImageRep *)representation { [_representations addObject:representation]; }
- (NSArray *)representations { return _representations; }
- (void)dealloc { [_representations release]; [super dealloc]; }
@end

// The main dispatch queue, served by the main run loop as Apple's CFRunLoop serves it: libdispatch
// signals its main-queue descriptor (an eventfd on Linux) when a block is queued; the run loop,
// watching it in the default mode, drains the queue. GNUstep's run loop, built without
// libdispatch, does not, so dispatch_async(dispatch_get_main_queue(), …) would never run.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

@interface ProofMainQueueWatcher : NSObject <RunLoopEvents>
@end

@implementation ProofMainQueueWatcher
- (void)receivedEvent:(void *)data type:(RunLoopEventType)type extra:(void *)extra forMode:(NSString *)mode {
    (void)type; (void)extra; (void)mode;
    uint64_t signals;
    // Readable, so the read does not block; it clears the signal before the queue is drained.
    if (read((int)(intptr_t)data, &signals, sizeof signals) < 0) { /* already cleared: drain anyway */ }
    _dispatch_main_queue_callback_4CF(NULL);
}
@end

void PlatformServeMainQueueFromMainRunLoop(void) {
    static ProofMainQueueWatcher *watcher;
    watcher = [[ProofMainQueueWatcher alloc] init];
    // Touching the main queue first makes libdispatch create its descriptor.
    (void)dispatch_get_main_queue();
    int descriptor = _dispatch_get_main_queue_handle_4CF();
    [[NSRunLoop mainRunLoop] addEvent:(void *)(intptr_t)descriptor type:ET_RDESC watcher:watcher forMode:NSDefaultRunLoopMode];
}

// A type identifier here is `public.<extension>`; its MIME type comes from a table of the types
// the suites upload (anything else is application/octet-stream, as for an unknown UTI).
const CFStringRef kUTTagClassFilenameExtension = (CFStringRef)@"public.filename-extension";
const CFStringRef kUTTagClassMIMEType = (CFStringRef)@"public.mime-type";
CFStringRef UTTypeCreatePreferredIdentifierForTag(CFStringRef tagClass, CFStringRef tag, CFStringRef conformingToUTI) {
    (void)tagClass; (void)conformingToUTI;
    return (CFStringRef)[[@"public." stringByAppendingString:[(NSString *)tag lowercaseString]] retain];
}
CFStringRef UTTypeCopyPreferredTagWithClass(CFStringRef uti, CFStringRef tagClass) {
    (void)tagClass;
    NSDictionary *types = @{ @"public.txt": @"text/plain", @"public.html": @"text/html", @"public.json": @"application/json",
                             @"public.png": @"image/png", @"public.jpg": @"image/jpeg", @"public.jpeg": @"image/jpeg",
                             @"public.gif": @"image/gif", @"public.xml": @"application/xml", @"public.plist": @"application/x-plist" };
    return (CFStringRef)[types[(NSString *)uti] retain];
}
