//
//  LegacyDownloader.m
//  PhotoFeed
//
//  NOTE: this file still talks to NSURLConnection directly. The migration plan is
//  to replace [[NSURLConnection alloc] initWithRequest:delegate:] with the shim's
//  URLConnection first, then move to a shared NSURLSession.
//

#import "LegacyDownloader.h"
#import "PFLog.h"

NSString *const LegacyDownloaderErrorDomain = @"com.photofeed.LegacyDownloader";
NSString *const LegacyDownloaderURLKey = @"NSURLConnectionURL";
NSString *const LegacyDownloaderByteCountKey = @"byteCount";

static NSString *const kDelegateSelectorName = @"connection:didReceiveResponse:";
static const char *kQueueLabel = "com.photofeed.NSURLConnection.callbacks";
static const NSTimeInterval kDefaultTimeout = 30.0;

#define PF_LOG_CONNECTION(fmt, ...) PFLog(@"[NSURLConnection] " fmt, ##__VA_ARGS__)

@interface LegacyDownloader ()
@property (nonatomic, strong, readwrite, nullable) NSURLConnection *connection;
@property (nonatomic, strong, readwrite) NSURLRequest *request;
@property (nonatomic, assign, readwrite) LegacyDownloaderState state;
@property (nonatomic, assign, readwrite) long long expectedContentLength;
@property (nonatomic, strong) NSMutableData *buffer;
@property (nonatomic, strong) NSURLResponse *response;
@property (nonatomic, strong) NSMutableArray *statsSamples;   // NSURLConnectionStats *
@end

@implementation LegacyDownloader {
    NSUInteger _redirectCount;
    BOOL _cancelled;
}

- (instancetype)initWithRequest:(NSURLRequest *)request {
    self = [super init];
    if (self) {
        _request = [request copy];
        _buffer = [NSMutableData data];
        _statsSamples = [NSMutableArray array];
        _state = LegacyDownloaderStateIdle;
        _expectedContentLength = NSURLResponseUnknownLength;
    }
    return self;
}

- (void)dealloc {
    // Cancelling here is required: NSURLConnection retains its delegate until
    // it finishes, so a dealloc with a live connection means it already finished.
    [_connection cancel];
}

#pragma mark - Public

- (void)start {
    NSAssert(self.state == LegacyDownloaderStateIdle, @"start called twice");
    if (![NSURLConnection canHandleRequest:self.request]) {
        NSError *error = [NSError errorWithDomain:LegacyDownloaderErrorDomain
                                             code:1
                                         userInfo:@{NSLocalizedDescriptionKey: @"NSURLConnection cannot handle request"}];
        [self failWithError:error];
        return;
    }
    PF_LOG_CONNECTION(@"starting %@", self.request.URL);
    self.state = LegacyDownloaderStateConnecting;
    self.connection = [[NSURLConnection alloc] initWithRequest:self.request
                                                      delegate:self
                                              startImmediately:NO];
    [self.connection scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
    [self.connection start];
}

- (void)cancel {
    _cancelled = YES;
    [self.connection cancel];
    self.connection = nil;
    self.state = LegacyDownloaderStateFailed;
}

+ (NSData *)fetchSynchronously:(NSURLRequest *)request
                      response:(NSURLResponse **)response
                         error:(NSError **)error {
    // The share extension calls this from its own background queue.
    NSMutableURLRequest *mutableRequest = [request mutableCopy];
    mutableRequest.timeoutInterval = kDefaultTimeout;
    return [NSURLConnection sendSynchronousRequest:mutableRequest
                                 returningResponse:response
                                             error:error];
}

+ (void)fetchInBackground:(NSURLRequest *)request completion:(LegacyDownloaderCompletion)completion {
    NSOperationQueue *queue = [[NSOperationQueue alloc] init];
    queue.name = @"LegacyDownloader sendAsynchronousRequest:queue:completionHandler:";
    [NSURLConnection sendAsynchronousRequest:request
                                       queue:queue
                           completionHandler:^(NSURLResponse *response, NSData *data, NSError *connectionError) {
        if (completion) {
            completion(data, response, connectionError);
        }
    }];
}

#pragma mark - Private

- (void)failWithError:(NSError *)error {
    self.state = LegacyDownloaderStateFailed;
    if ([self.delegate respondsToSelector:@selector(downloader:didFailWithError:)]) {
        [self.delegate downloader:self didFailWithError:error];
    }
    if (self.completion) {
        self.completion(nil, self.response, error);
        self.completion = nil;
    }
}

- (void)recordSample:(NSUInteger)bytes {
    NSDictionary *sample = @{@"bytes": @(bytes), @"date": [NSDate date]};
    [self.statsSamples addObject:sample];
    while (self.statsSamples.count > self.statsSampleCount && self.statsSamples.count > 0) {
        [self.statsSamples removeObjectAtIndex:0];
    }
}

#pragma mark - NSURLConnectionDelegate

- (BOOL)connectionShouldUseCredentialStorage:(NSURLConnection *)connection {
    return YES;
}

- (void)connection:(NSURLConnection *)connection
    willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
    NSURLProtectionSpace *space = challenge.protectionSpace;
    if ([space.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
        SecTrustRef trust = space.serverTrust;
        SecTrustResultType result = kSecTrustResultInvalid;
        OSStatus status = SecTrustEvaluate(trust, &result);
        if (status == errSecSuccess &&
            (result == kSecTrustResultUnspecified || result == kSecTrustResultProceed)) {
            [challenge.sender useCredential:[NSURLCredential credentialForTrust:trust]
                 forAuthenticationChallenge:challenge];
            return;
        }
        [challenge.sender cancelAuthenticationChallenge:challenge];
        return;
    }
    [challenge.sender performDefaultHandlingForAuthenticationChallenge:challenge];
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
    PF_LOG_CONNECTION(@"failed: %@", error);
    self.connection = nil;
    [self failWithError:error];
}

#pragma mark - NSURLConnectionDataDelegate

- (nullable NSURLRequest *)connection:(NSURLConnection *)connection
                      willSendRequest:(NSURLRequest *)request
                     redirectResponse:(nullable NSURLResponse *)redirectResponse {
    if (redirectResponse == nil) {
        // The first call is the original request, not a redirect.
        return request;
    }
    _redirectCount += 1;
    if (_redirectCount > 5) {
        return nil;
    }
    return request;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
    self.response = response;
    self.state = LegacyDownloaderStateReceiving;
    self.expectedContentLength = response.expectedContentLength;
    [self.buffer setLength:0];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
    [self.buffer appendData:data];
    [self recordSample:data.length];
    if (self.expectedContentLength > 0 &&
        [self.delegate respondsToSelector:@selector(downloader:didUpdateProgress:)]) {
        double progress = (double)self.buffer.length / (double)self.expectedContentLength;
        [self.delegate downloader:self didUpdateProgress:progress];
    }
}

- (void)connection:(NSURLConnection *)connection
   didSendBodyData:(NSInteger)bytesWritten
 totalBytesWritten:(NSInteger)totalBytesWritten
totalBytesExpectedToWrite:(NSInteger)totalBytesExpectedToWrite {
    PF_LOG_CONNECTION(@"sent %ld of %ld", (long)totalBytesWritten, (long)totalBytesExpectedToWrite);
}

- (nullable NSCachedURLResponse *)connection:(NSURLConnection *)connection
                           willCacheResponse:(NSCachedURLResponse *)cachedResponse {
    // Never cache photo bytes: they go to the disk cache ourselves.
    return nil;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection {
    self.state = LegacyDownloaderStateFinished;
    self.connection = nil;
    NSData *data = [self.buffer copy];
    [[NSNotificationCenter defaultCenter] postNotificationName:@"LegacyDownloaderDidFinishNotification"
                                                        object:self
                                                      userInfo:@{LegacyDownloaderURLKey: self.request.URL,
                                                                 LegacyDownloaderByteCountKey: @(data.length)}];
    if ([self.delegate respondsToSelector:@selector(downloader:didFinishWithData:)]) {
        [self.delegate downloader:self didFinishWithData:data];
    }
    if (self.completion) {
        self.completion(data, self.response, nil);
        self.completion = nil;
    }
}

#pragma mark - Debugging

- (NSString *)debugDescription {
    return [NSString stringWithFormat:@"<%@: %p; NSURLConnection=%@; state=%ld>",
            NSStringFromClass([self class]), self, self.connection, (long)self.state];
}

#if 0
// The old retry logic, kept for reference until the NSURLSession port ships.
- (void)retry {
    self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self];
}
#endif

#if DEBUG
- (void)simulateFailure {
    [self connection:self.connection didFailWithError:[NSError errorWithDomain:NSURLErrorDomain code:-1009 userInfo:nil]];
}
#endif

@end

#pragma mark - Stats

/// Not NSURLConnection: a value type for the debug overlay.
@interface NSURLConnectionStats : NSObject
@property (nonatomic, assign) NSUInteger bytes;
@property (nonatomic, strong) NSDate *date;
@end

@implementation NSURLConnectionStats
- (NSString *)description {
    return [NSString stringWithFormat:@"NSURLConnectionStats(%lu bytes)", (unsigned long)self.bytes];
}
@end

// The queue is set after the connection started: NSURLConnection ignores it.
@implementation LegacyDownloader (BackgroundDelivery)
- (void)startDeliveringOnQueue:(NSOperationQueue *)queue {
    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self];
    [connection setDelegateQueue:queue];
}
@end
