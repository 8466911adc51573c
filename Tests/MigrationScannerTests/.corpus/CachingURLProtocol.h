//
//  CachingURLProtocol.h
//  OfflineBrowser
//
//  An NSURLProtocol that forwards requests with NSURLConnection and replays
//  cached responses when the device is offline.
//
//  Register it with +[NSURLProtocol registerClass:] for NSURLConnection and the
//  shared session, or insert it at index 0 of a configuration's protocolClasses.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Name of the header the protocol adds to the requests it forwards
/// ("X-Caching-Protocol"), so a proxy can tell them apart.
FOUNDATION_EXPORT NSString *const CachingURLProtocolHeaderName;

@interface CachingURLProtocol : NSURLProtocol

/// Removes every cached response. Safe to call while NSURLConnection loads run.
+ (void)purgeCache;

/// The directory holding the archived responses.
@property (class, nonatomic, readonly) NSURL *cacheDirectory;

@end

/// Builds the image session. Historically it replaced protocolClasses outright.
@interface ImagePipeline : NSObject
@property (nonatomic, strong, readonly) NSURLSession *session;
@end

/// Legacy callbacks the browser's old download bar still listens to.
@protocol CachingURLProtocolObserver <NSObject>
- (void)cachingProtocol:(CachingURLProtocol *)protocol didServeCachedResponseForURL:(NSURL *)url;
- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data;
@end

NS_ASSUME_NONNULL_END
