//
//  LegacyDownloader.h
//  PhotoFeed
//
//  Created by the mobile team on 3/14/13.
//  Copyright (c) 2013 PhotoFeed Inc. All rights reserved.
//
//  A small wrapper around NSURLConnection that buffers the response body and
//  reports progress. Everything here predates NSURLSession; see MIGRATION.md.
//

#import <Foundation/Foundation.h>
#import <Foundation/NSURLConnection.h>

NS_ASSUME_NONNULL_BEGIN

@class LegacyDownloader;
@class NSURLConnection;

/// Error domain for failures reported by LegacyDownloader. Not related to
/// NSURLConnection's own NSURLErrorDomain errors, which are passed through.
extern NSString *const LegacyDownloaderErrorDomain;

/// Keys for the userInfo of LegacyDownloaderDidFinishNotification.
extern NSString *const LegacyDownloaderURLKey;        // @"NSURLConnectionURL" for historic reasons
extern NSString *const LegacyDownloaderByteCountKey;

typedef NS_ENUM(NSInteger, LegacyDownloaderState) {
    LegacyDownloaderStateIdle = 0,
    LegacyDownloaderStateConnecting,   // NSURLConnection created, no response yet
    LegacyDownloaderStateReceiving,    // didReceiveResponse: seen
    LegacyDownloaderStateFinished,
    LegacyDownloaderStateFailed,
};

typedef void (^LegacyDownloaderCompletion)(NSData *_Nullable data, NSURLResponse *_Nullable response, NSError *_Nullable error);

@protocol LegacyDownloaderDelegate <NSObject>
@optional
- (void)downloader:(LegacyDownloader *)downloader didUpdateProgress:(double)progress;
- (void)downloader:(LegacyDownloader *)downloader didFinishWithData:(NSData *)data;
- (void)downloader:(LegacyDownloader *)downloader didFailWithError:(NSError *)error;
@end

/// Forwards the raw NSURLConnectionDataDelegate callbacks to an observer that
/// wants to see them too (the analytics module does).
@protocol LegacyConnectionObserver <NSObject,
                                    NSURLConnectionDataDelegate>
@end

@interface LegacyDownloader : NSObject <NSURLConnectionDelegate,
                                        NSURLConnectionDataDelegate>

@property (nonatomic, weak, nullable) id<LegacyDownloaderDelegate> delegate;
@property (nonatomic, strong, readonly, nullable) NSURLConnection *connection;
@property (nonatomic, strong, readonly) NSURLRequest *request;
@property (nonatomic, assign, readonly) LegacyDownloaderState state;
@property (nonatomic, assign, readonly) long long expectedContentLength;
@property (nonatomic, copy, nullable) LegacyDownloaderCompletion completion;
/// Number of NSURLConnectionStats samples kept for the debug overlay.
@property (nonatomic, assign) NSUInteger statsSampleCount;

- (instancetype)initWithRequest:(NSURLRequest *)request NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

/// Starts the NSURLConnection on the current run loop.
- (void)start;
- (void)cancel;

/// Blocking variant used by the share extension. Do not call on the main thread.
+ (nullable NSData *)fetchSynchronously:(NSURLRequest *)request
                               response:(NSURLResponse *_Nullable *_Nullable)response
                                  error:(NSError **)error;

// Re-declared so the analytics category can call them directly.
- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response;
- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data;
- (void)connectionDidFinishLoading:(NSURLConnection *)connection;
- (void)connection:(NSURLConnection *)connection
  didFailWithError:(NSError *)error;

@end

NS_ASSUME_NONNULL_END
