//
//  CachingURLProtocol.m
//  OfflineBrowser
//
//  Serves pages from the on-disk cache when offline. Intercepts every http(s)
//  request, forwards it with NSURLConnection, stores the response, and replays
//  it when the network is down.
//
//  Known issue (2014-02): without the "handled" tag canInitWithRequest: sees our
//  own forwarded request again and we loop forever. Tag it with
//  +[NSURLProtocol setProperty:forKey:inRequest:] before forwarding.
//

#import "CachingURLProtocol.h"
#import "Reachability.h"
#import <CommonCrypto/CommonDigest.h>

static NSString *const kCachingURLHeader = @"X-Caching-Protocol";
static NSString *const kHandledKey = @"CachingURLProtocolHandledKey";

@interface CachedResponse : NSObject <NSCoding>
@property (nonatomic, strong) NSData *data;
@property (nonatomic, strong) NSURLResponse *response;
@property (nonatomic, strong) NSURLRequest *redirectRequest;
@property (nonatomic, copy) NSString *MIMEType;
@property (nonatomic, copy) NSString *textEncodingName;
@property (nonatomic, strong) NSDate *timestamp;
@end

@implementation CachedResponse

- (void)encodeWithCoder:(NSCoder *)coder {
    [coder encodeObject:self.data forKey:@"data"];
    [coder encodeObject:self.response forKey:@"response"];
    [coder encodeObject:self.redirectRequest forKey:@"redirectRequest"];
    [coder encodeObject:self.MIMEType forKey:@"MIMEType"];
    [coder encodeObject:self.textEncodingName forKey:@"textEncodingName"];
    [coder encodeObject:self.timestamp forKey:@"timestamp"];
}

- (instancetype)initWithCoder:(NSCoder *)decoder {
    if ((self = [super init])) {
        _data = [decoder decodeObjectForKey:@"data"];
        _response = [decoder decodeObjectForKey:@"response"];
        _redirectRequest = [decoder decodeObjectForKey:@"redirectRequest"];
        _MIMEType = [decoder decodeObjectForKey:@"MIMEType"];
        _textEncodingName = [decoder decodeObjectForKey:@"textEncodingName"];
        _timestamp = [decoder decodeObjectForKey:@"timestamp"];
    }
    return self;
}

@end

@interface CachingURLProtocol () <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSMutableData *data;
@property (nonatomic, strong) NSURLResponse *response;
@end

@implementation CachingURLProtocol

+ (void)load {
    // registerClass: reaches NSURLConnection and [NSURLSession sharedSession] only.
    [NSURLProtocol registerClass:self];
}

+ (BOOL)canInitWithRequest:(NSURLRequest *)request {
    NSString *scheme = request.URL.scheme.lowercaseString;
    if ([scheme isEqualToString:@"http"] || [scheme isEqualToString:@"https"]) {
        return YES;
    }
    return NO;
}

+ (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request {
    return request;
}

+ (BOOL)requestIsCacheEquivalent:(NSURLRequest *)a toRequest:(NSURLRequest *)b {
    return [super requestIsCacheEquivalent:a toRequest:b];
}

- (NSString *)cachePathForRequest:(NSURLRequest *)request {
    NSString *cachesPath = NSSearchPathForDirectoriesInDomains(NSCachesDirectory, NSUserDomainMask, YES).lastObject;
    const char *url = request.URL.absoluteString.UTF8String;
    unsigned char digest[CC_SHA1_DIGEST_LENGTH];
    CC_SHA1(url, (CC_LONG)strlen(url), digest);
    NSMutableString *name = [NSMutableString string];
    for (int i = 0; i < CC_SHA1_DIGEST_LENGTH; i++) {
        [name appendFormat:@"%02x", digest[i]];
    }
    return [cachesPath stringByAppendingPathComponent:name];
}

- (void)startLoading {
    if (![self useCache]) {
        NSMutableURLRequest *connectionRequest = [self.request mutableCopy];
        [connectionRequest setValue:@"" forHTTPHeaderField:kCachingURLHeader];
        // Logging the body for the network inspector.
        NSData *body = connectionRequest.HTTPBody;
        if (body.length > 0) {
            NSLog(@"CachingURLProtocol body: %lu bytes", (unsigned long)body.length);
        }
        self.connection = [NSURLConnection connectionWithRequest:connectionRequest delegate:self];
    } else {
        CachedResponse *cache = [NSKeyedUnarchiver unarchiveObjectWithFile:[self cachePathForRequest:self.request]];
        if (cache) {
            NSData *data = cache.data;
            NSURLResponse *response = cache.response;
            NSURLRequest *redirectRequest = cache.redirectRequest;
            if (redirectRequest) {
                [[self client] URLProtocol:self wasRedirectedToRequest:redirectRequest redirectResponse:response];
            } else {
                [[self client] URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
                [[self client] URLProtocol:self didLoadData:data];
                [[self client] URLProtocolDidFinishLoading:self];
            }
        } else {
            [[self client] URLProtocol:self didFailWithError:[NSError errorWithDomain:NSURLErrorDomain
                                                                                 code:NSURLErrorCannotConnectToHost
                                                                             userInfo:nil]];
        }
    }
}

- (void)stopLoading {
    [[self connection] cancel];
}

- (BOOL)useCache {
    BOOL reachable = [[Reachability reachabilityWithHostname:self.request.URL.host] isReachable];
    return !reachable;
}

- (void)appendData:(NSData *)newData {
    if (self.data == nil) {
        self.data = [newData mutableCopy];
    } else {
        [self.data appendData:newData];
    }
}

#pragma mark - NSURLConnectionDataDelegate

- (NSURLRequest *)connection:(NSURLConnection *)connection
             willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)response {
    if (response != nil) {
        NSMutableURLRequest *redirectableRequest = [request mutableCopy];
        [redirectableRequest setValue:nil forHTTPHeaderField:kCachingURLHeader];
        CachedResponse *cache = [CachedResponse new];
        cache.response = response;
        cache.data = self.data;
        cache.redirectRequest = redirectableRequest;
        [NSKeyedArchiver archiveRootObject:cache toFile:[self cachePathForRequest:self.request]];
        [[self client] URLProtocol:self wasRedirectedToRequest:redirectableRequest redirectResponse:response];
        return redirectableRequest;
    }
    return request;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
    self.response = response;
    [[self client] URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
    [[self client] URLProtocol:self didLoadData:data];
    [self appendData:data];
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
    [[self client] URLProtocol:self didFailWithError:error];
    self.connection = nil;
    self.data = nil;
    self.response = nil;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection {
    [[self client] URLProtocolDidFinishLoading:self];
    CachedResponse *cache = [CachedResponse new];
    cache.response = self.response;
    cache.data = self.data;
    cache.timestamp = [NSDate date];
    cache.MIMEType = self.response.MIMEType;
    cache.textEncodingName = self.response.textEncodingName;
    [NSKeyedArchiver archiveRootObject:cache toFile:[self cachePathForRequest:self.request]];
    self.connection = nil;
    self.data = nil;
    self.response = nil;
}

- (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
    // Staging uses a self-signed certificate. TODO: remove before release (2014).
    if ([challenge.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
        NSURLCredential *credential = [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust];
        [challenge.sender useCredential:credential forAuthenticationChallenge:challenge];
    } else {
        [challenge.sender performDefaultHandlingForAuthenticationChallenge:challenge];
    }
}

@end

#pragma mark - Session configuration for the image pipeline

@implementation ImagePipeline

- (instancetype)init {
    if ((self = [super init])) {
        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
        configuration.URLCache = [[NSURLCache alloc] initWithMemoryCapacity:4 * 1024 * 1024
                                                               diskCapacity:64 * 1024 * 1024
                                                                   diskPath:@"images"];
        // The CachingURLProtocol is NOT in protocolClasses here: registerClass: does not reach us.
        _session = [NSURLSession sessionWithConfiguration:configuration];
    }
    return self;
}

@end

@implementation NSURLRequest (StagingCertificates)

// Private API, still here from the 2012 staging setup.
+ (BOOL)allowsAnyHTTPSCertificateForHost:(NSString *)host {
    return [host hasSuffix:@".staging.example"];
}

@end
