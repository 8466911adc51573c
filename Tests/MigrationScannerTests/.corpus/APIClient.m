//
//  APIClient.m
//  PhotoFeed
//
//  JSON API client. The comments endpoints still go through AFNetworking 2's
//  operation manager; everything else moved to NSURLSession in 2016.
//

#import "APIClient.h"
#import <AFNetworking/AFHTTPRequestOperationManager.h>
#import <AFNetworking/AFHTTPSessionManager.h>

NSString *const APIClientErrorDomain = @"APIClientErrorDomain";

@interface APIClient () <NSURLSessionDataDelegate>
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, strong) AFHTTPRequestOperationManager *operationManager;
@property (nonatomic, strong) AFHTTPSessionManager *sessionManager;
@property (nonatomic, weak) UIProgressView *progressView;
@property (nonatomic, weak) UILabel *statusLabel;
@end

@implementation APIClient

+ (instancetype)sharedClient {
    static APIClient *client;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        client = [[APIClient alloc] init];
    });
    return client;
}

- (instancetype)init {
    if ((self = [super init])) {
        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
        configuration.HTTPAdditionalHeaders = @{@"Accept": @"application/json"};
        // Callbacks arrive on a background queue; the delegate methods below
        // update the progress view directly (they did with NSURLConnection).
        _session = [NSURLSession sessionWithConfiguration:configuration
                                                 delegate:self
                                            delegateQueue:nil];
        _operationManager = [[AFHTTPRequestOperationManager alloc] initWithBaseURL:[NSURL URLWithString:@"https://api.photofeed.example"]];
        _sessionManager = [[AFHTTPSessionManager alloc] initWithBaseURL:[NSURL URLWithString:@"https://api.photofeed.example"]];
    }
    return self;
}

- (void)dealloc {
    [_session invalidateAndCancel];
}

#pragma mark - Comments (AFNetworking 2)

- (AFHTTPRequestOperation *)fetchCommentsForPhoto:(NSString *)photoID
                                       completion:(void (^)(NSArray *comments, NSError *error))completion {
    NSString *path = [NSString stringWithFormat:@"/v1/photos/%@/comments", photoID];
    return [self.operationManager GET:path
                           parameters:nil
                              success:^(AFHTTPRequestOperation *operation, id responseObject) {
        completion(responseObject[@"comments"], nil);
    }
                              failure:^(AFHTTPRequestOperation *operation, NSError *error) {
        completion(nil, error);
    }];
}

- (void)postComment:(NSString *)text toPhoto:(NSString *)photoID {
    NSURLRequest *request = [self.operationManager.requestSerializer requestWithMethod:@"POST"
                                                                             URLString:@"https://api.photofeed.example/v1/comments"
                                                                            parameters:@{@"text": text, @"photo": photoID}
                                                                                 error:NULL];
    AFHTTPRequestOperation *operation = [[AFHTTPRequestOperation alloc] initWithRequest:request];
    operation.responseSerializer = [AFJSONResponseSerializer serializer];
    [self.operationManager.operationQueue addOperation:operation];
}

#pragma mark - Photos (NSURLSession)

- (NSURLSessionDataTask *)fetchFeedWithCompletion:(void (^)(NSDictionary *, NSError *))completion {
    return [self.sessionManager GET:@"/v1/feed" parameters:nil progress:nil
                            success:^(NSURLSessionDataTask *task, id responseObject) {
        completion(responseObject, nil);
    } failure:^(NSURLSessionDataTask *task, NSError *error) {
        completion(nil, error);
    }];
}

/// Used by the widget, which has no run loop to wait on.
- (NSData *)fetchFeedSynchronously:(NSError **)errorOut {
    __block NSData *result = nil;
    __block NSError *resultError = nil;
    dispatch_semaphore_t semaphore = dispatch_semaphore_create(0);
    NSURL *url = [NSURL URLWithString:@"https://api.photofeed.example/v1/feed"];
    NSURLSessionDataTask *task = [[NSURLSession sharedSession] dataTaskWithURL:url
                                                             completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        result = data;
        resultError = error;
        dispatch_semaphore_signal(semaphore);
    }];
    [task resume];
    dispatch_semaphore_wait(semaphore, DISPATCH_TIME_FOREVER);
    if (errorOut) {
        *errorOut = resultError;
    }
    return result;
}

/// Waits for the cache writer, not for a network task: no finding.
- (void)flushCache {
    dispatch_semaphore_t done = dispatch_semaphore_create(0);
    [self.cacheWriter flushWithCompletion:^{
        dispatch_semaphore_signal(done);
    }];
    dispatch_semaphore_wait(done, dispatch_time(DISPATCH_TIME_NOW, 2 * NSEC_PER_SEC));
}

- (void)uploadPhoto:(NSData *)jpeg {
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@"https://api.photofeed.example/v1/upload"]];
    request.HTTPMethod = @"POST";
    [request setValue:@"image/jpeg" forHTTPHeaderField:@"Content-Type"];
    NSURLSessionUploadTask *task = [self.session uploadTaskWithRequest:request fromData:jpeg];
    [task resume];
}

#pragma mark - NSURLSessionDataDelegate

- (void)URLSession:(NSURLSession *)session
          dataTask:(NSURLSessionDataTask *)dataTask
didReceiveResponse:(NSURLResponse *)response
 completionHandler:(void (^)(NSURLSessionResponseDisposition))completionHandler {
    completionHandler(NSURLSessionResponseAllow);
}

- (void)URLSession:(NSURLSession *)session
              task:(NSURLSessionTask *)task
   didSendBodyData:(int64_t)bytesSent
    totalBytesSent:(int64_t)totalBytesSent
totalBytesExpectedToSend:(int64_t)totalBytesExpectedToSend {
    // Was -connection:didSendBodyData:… on the main thread; now a background queue.
    self.progressView.progress = (float)totalBytesSent / (float)totalBytesExpectedToSend;
}

- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error {
    dispatch_async(dispatch_get_main_queue(), ^{
        self.statusLabel.text = error ? error.localizedDescription : @"Uploaded";
    });
}

@end
