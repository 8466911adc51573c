//
//  AppDelegate.m
//  PhotoFeed
//

#import "AppDelegate.h"
#import "CachingURLProtocol.h"
#import "LegacyDownloader.h"
#import "AFNetworkActivityIndicatorManager.h"

@interface AppDelegate () <NSURLConnectionDelegate>
@property (nonatomic, strong) NSDictionary *remoteConfig;
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [NSURLProtocol registerClass:[CachingURLProtocol class]];
    [AFNetworkActivityIndicatorManager sharedManager].enabled = YES;

    // Remote configuration must be there before the first screen; "it's small".
    NSURL *configURL = [NSURL URLWithString:@"https://api.photofeed.example/v1/config"];
    NSURLRequest *request = [NSURLRequest requestWithURL:configURL
                                             cachePolicy:NSURLRequestReloadIgnoringLocalCacheData
                                         timeoutInterval:5];
    NSError *error = nil;
    NSData *data = [NSURLConnection sendSynchronousRequest:request returningResponse:NULL error:&error];
    if (data) {
        self.remoteConfig = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
    }

    [NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:@"staging.photofeed.example"];

    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[FeedViewController new]];
    [self.window makeKeyAndVisible];
    return YES;
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    dispatch_async(dispatch_get_global_queue(QOS_CLASS_UTILITY, 0), ^{
        NSURL *url = [NSURL URLWithString:@"https://api.photofeed.example/v1/ping"];
        [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:url] returningResponse:NULL error:NULL];
    });
}

- (void)applicationWillTerminate:(UIApplication *)application {
    [[NSURLCache sharedURLCache] removeAllCachedResponses];
}

- (void)prefetch {
    for (NSString *path in @[@"/v1/feed", @"/v1/me"]) {
        NSURL *url = [NSURL URLWithString:path relativeToURL:[NSURL URLWithString:@"https://api.photofeed.example"]];
        NSURLConnection *connection = [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:url]
                                                                    delegate:self];
        [connection start];
    }
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
    NSLog(@"prefetch failed: %@", error);
}

- (BOOL)connection:(NSURLConnection *)connection canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)protectionSpace {
    return [protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust];
}

- (void)connection:(NSURLConnection *)connection didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
    NSURLCredential *credential = [[NSURLCredential alloc] initWithTrust:challenge.protectionSpace.serverTrust];
    [challenge.sender useCredential:credential forAuthenticationChallenge:challenge];
}

- (void)connection:(NSURLConnection *)connection didCancelAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
}

- (NSInputStream *)connection:(NSURLConnection *)connection needNewBodyStream:(NSURLRequest *)request {
    return nil;
}

- (void)connection:(NSURLConnection *)connection
      didWriteData:(long long)bytesWritten
 totalBytesWritten:(long long)totalBytesWritten
expectedTotalBytes:(long long)expectedTotalBytes {
}

- (void)connectionDidResumeDownloading:(NSURLConnection *)connection
                     totalBytesWritten:(long long)totalBytesWritten
                    expectedTotalBytes:(long long)expectedTotalBytes {
}

- (void)connectionDidFinishDownloading:(NSURLConnection *)connection destinationURL:(NSURL *)destinationURL {
}

@end

@implementation ImageSessionFactory

+ (NSURLSession *)imageSession {
    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration ephemeralSessionConfiguration];
    configuration.protocolClasses = @[[CachingURLProtocol class]];
    return [NSURLSession sessionWithConfiguration:configuration];
}

+ (NSURLSession *)thumbnailSession {
    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
    NSMutableArray *classes = [configuration.protocolClasses mutableCopy];
    [classes insertObject:[CachingURLProtocol class] atIndex:0];
    configuration.protocolClasses = classes;
    [configuration setProtocolClasses:@[[CachingURLProtocol class]]];
    return [NSURLSession sessionWithConfiguration:configuration];
}

@end
