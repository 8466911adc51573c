//
//  NewsLoader.h
//  Newsstand — the Objective-C loader, in the shape of Samples/Legacy/FeedLoader without the
//  parts that keep FeedLoader on NSURLConnection (a selector named in a string, trust-all).
//

#import <Foundation/Foundation.h>

@class NewsLoader;

@protocol NewsLoaderDelegate <NSObject>
- (void)newsLoader:(NewsLoader *)loader didLoadData:(NSData *)data status:(NSInteger)status;
- (void)newsLoader:(NewsLoader *)loader didFailWithError:(NSError *)error;
@end

/**
 * Loads one URL over HTTP and hands the body to its delegate, on the main thread (the
 * connection calls back on the thread that started it). Answers Basic authentication
 * with `username` and `password`.
 */
@interface NewsLoader : NSObject <NSURLConnectionDelegate, NSURLConnectionDataDelegate>

@property (nonatomic, weak) id<NewsLoaderDelegate> delegate;
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSMutableData *responseData;
@property (nonatomic, assign) NSInteger statusCode;
@property (nonatomic, copy) NSString *username;
@property (nonatomic, copy) NSString *password;

- (void)loadURL:(NSURL *)url;
- (void)cancel;

@end
