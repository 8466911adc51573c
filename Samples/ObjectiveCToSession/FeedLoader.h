//
//  FeedLoader.h
//  Newsstand
//
//  Created by Kenji Tanaka on 2013/04/18.
//  Copyright (c) 2013 Newsstand Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

@class FeedLoader;

@protocol FeedLoaderDelegate <NSObject>
- (void)feedLoader:(FeedLoader *)loader didLoadItems:(NSArray *)items;
- (void)feedLoader:(FeedLoader *)loader didFailWithError:(NSError *)error;
@end

/**
 * Loads the article feed over HTTP and hands the parsed items to its delegate.
 * All callbacks arrive on the main thread (NSURLConnection calls back on the thread
 * that started it), so the delegate may touch UIKit directly.
 */
@interface FeedLoader : NSObject <NSURLConnectionDelegate,
                                  NSURLConnectionDataDelegate>

@property (nonatomic, weak) id<FeedLoaderDelegate> delegate;
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSMutableData *responseData;
@property (nonatomic, assign) NSInteger statusCode;
@property (nonatomic, copy) NSString *username;
@property (nonatomic, copy) NSString *password;

- (void)loadFeedAtURL:(NSURL *)url;
- (void)cancel;

@end
