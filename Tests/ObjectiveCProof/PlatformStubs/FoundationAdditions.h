// Foundation declarations Apple's SDK has and GNUstep's Foundation lacks, for compile-real-code,
// each with Apple's exact signature (so a call the SDK would reject is still an error). GNUstep's
// declarations stay authoritative: nothing here redeclares what GNUstep declares, and nothing
// here is NSURLSession's. PlatformStubs/Prefix.h imports it.
#import <Foundation/Foundation.h>
#import <Security/Security.h>

// iOS 5.0, macOS 10.7 (deprecated in iOS 9.0, macOS 10.11): a category of NSURLConnection.h.
@interface NSURLConnection (NSURLConnectionQueuedLoading)
+ (void)sendAsynchronousRequest:(NSURLRequest *)request
                          queue:(NSOperationQueue *)queue
              completionHandler:(void (^)(NSURLResponse *response, NSData *data, NSError *connectionError))handler;
@end

// iOS 4.0, macOS 10.6 (deprecated in iOS 7.0, macOS 10.9): a category of NSData.h.
@interface NSData (NSDeprecated)
- (id)initWithBase64Encoding:(NSString *)base64String;
@end

// iOS 3.0, macOS 10.6: a category of NSURLProtectionSpace.h.
@interface NSURLProtectionSpace (NSServerTrustValidationSpace)
@property (readonly) SecTrustRef serverTrust;
@end

// iOS 3.0, macOS 10.6: categories of NSURLCredential.h.
@interface NSURLCredential (NSClientCertificate)
+ (NSURLCredential *)credentialWithIdentity:(SecIdentityRef)identity
                               certificates:(NSArray *)certArray
                                persistence:(NSURLCredentialPersistence)persistence;
@end

@interface NSURLCredential (NSServerTrust)
+ (NSURLCredential *)credentialForTrust:(SecTrustRef)trust;
@end

// NSObjCRuntime.h's: unavailable in an iOS app extension only, so nothing for an app's files.
#ifndef NS_EXTENSION_UNAVAILABLE_IOS
#define NS_EXTENSION_UNAVAILABLE_IOS(_msg)
#endif

// NSPort.h's Mach port (GNUstep has NSPort and its other subclasses).
@interface NSMachPort : NSPort
@end

// NSObjCRuntime.h's Foundation version, and the iOS release a file compares it with.
extern double NSFoundationVersionNumber;
#define NSFoundationVersionNumber_iOS_5_1 890.10
