// What an Apple SDK's prefix header gave the libraries' files and GNUstep's Foundation does not:
// Grand Central Dispatch (the Swift toolchain's libdispatch; this GNUstep is built without it),
// Foundation's deprecated Base64 methods,
// the part of CoreFoundation, Security, SystemConfiguration and AppKit (Cocoa/) they call (declared here, implemented over Foundation
// in PlatformSubset.m), and the `__unused` of Apple's <sys/cdefs.h>. Given with -include.
#ifdef __OBJC__
// The challenge sender protocol as Apple's Foundation declares it, before GNUstep's (which then
// is a duplicate, ignored): GNUstep's lacks the two optional methods of OS X 10.7, so a call to
// them would not compile. GNUstep's senders do not implement them; the suites' challenges are
// HTTP Basic, which the libraries answer with a credential instead.
#import <Foundation/NSObject.h>
@class NSURLAuthenticationChallenge, NSURLCredential;
@protocol NSURLAuthenticationChallengeSender <NSObject>
- (void)cancelAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge;
- (void)continueWithoutCredentialForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge;
- (void)useCredential:(NSURLCredential *)credential forAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge;
@optional
- (void)performDefaultHandlingForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge;
- (void)rejectProtectionSpaceAndContinueWithChallenge:(NSURLAuthenticationChallenge *)challenge;
@end
#import <Foundation/Foundation.h>
#include <dispatch/dispatch.h>
#import "CoreFoundationSubset.h"
#import "SecuritySubset.h"
#import "SystemConfiguration/SystemConfiguration.h"
// A port that keeps a thread's run loop running (AFNetworking's network thread adds one): Mach
// ports are Darwin's; a message port does the same here.
@compatibility_alias NSMachPort NSMessagePort;
// GNUstep's run loop has no common modes: NSRunLoopCommonModes is one more mode, which no run
// loop runs, so a connection, stream or perform scheduled "in the common modes" would never fire.
// On Apple's platforms the common modes include the default mode, and nothing here runs another
// one, so the default mode stands in for them.
#define NSRunLoopCommonModes NSDefaultRunLoopMode
// Foundation's names of the era that GNUstep's lacks (the methods in PlatformSubset.m).
typedef NSUInteger NSDataWritingOptions;
@interface NSOutputStream (ProofURL)
// A file URL's stream, as -initToFileAtPath:append: makes it.
- (instancetype)initWithURL:(NSURL *)url append:(BOOL)shouldAppend;
+ (instancetype)outputStreamWithURL:(NSURL *)url append:(BOOL)shouldAppend;
@end
@interface NSData (ProofBase64Encoding)
// Deprecated since iOS 7 / OS X 10.9 for -initWithBase64EncodedString:options: (which it calls,
// ignoring characters outside the alphabet as it did) and -base64EncodedStringWithOptions:.
- (instancetype)initWithBase64Encoding:(NSString *)base64String;
- (NSString *)base64Encoding;
@end
// The request a connection loads now (the last redirect's), which GNUstep's NSURLConnection keeps
// but does not expose (PlatformSubset.m reads it).
@interface NSURLConnection (ProofCurrentRequest)
- (NSURLRequest *)currentRequest;
@end
// Makes the main run loop drain the main dispatch queue, as CFRunLoop does (PlatformSubset.m);
// the runner calls it first.
void PlatformServeMainQueueFromMainRunLoop(void);
#endif
#ifndef __unused
#define __unused __attribute__((unused))
#endif
// <AvailabilityMacros.h>'s.
#ifndef DEPRECATED_ATTRIBUTE
#define DEPRECATED_ATTRIBUTE __attribute__((deprecated))
#endif
// BSD's sockaddr_in starts with a length byte, sin_len, which Linux's has not. The libraries set it
// before sin_family, so writing it into sin_family's first byte is overwritten right after.
#define sin_len sin_family
#define sin6_len sin6_family
