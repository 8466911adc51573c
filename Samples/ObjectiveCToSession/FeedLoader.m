//
//  FeedLoader.m
//  Newsstand
//
//  Created by Kenji Tanaka on 2013/04/18.
//  Copyright (c) 2013 Newsstand Inc. All rights reserved.
//

#import "FeedLoader.h"
#import "FeedParser.h"

@implementation FeedLoader

- (void)loadFeedAtURL:(NSURL *)url
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:url
                                                           cachePolicy:NSURLRequestReloadIgnoringLocalCacheData
                                                       timeoutInterval:30.0];
    [request setValue:@"Newsstand/2.3" forHTTPHeaderField:@"User-Agent"];

    // [[NSURLConnection alloc] initWithRequest:request delegate:self] retains self until done.
    self.connection = [[NSURLConnection alloc]
                          initWithRequest:request delegate:self];
    if (!self.connection) {
        NSLog(@"NSURLConnection could not be created for %@", url);
    }
}

- (void)cancel
{
    [self.connection cancel];
    self.connection = nil;
}

#pragma mark - NSURLConnectionDataDelegate

- (NSURLRequest *)connection:(NSURLConnection *)connection
             willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse
{
    if (redirectResponse) {
        NSLog(@"feed moved to %@", request.URL);
    }
    return request;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    self.statusCode = [(NSHTTPURLResponse *)response statusCode];
    self.responseData = [[NSMutableData alloc] init];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.responseData appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    NSLog(@"NSURLConnection finished: %lu bytes", (unsigned long)self.responseData.length);
    NSArray *items = [FeedParser itemsFromData:self.responseData];
    [self.delegate feedLoader:self didLoadItems:items];
    self.connection = nil;
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    // "The Internet connection appears to be offline." is shown to the user as is.
    [self.delegate feedLoader:self didFailWithError:error];
    self.connection = nil;
}

#pragma mark - NSURLConnectionDelegate

- (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
{
    if (challenge.previousFailureCount == 0 && self.username) {
        NSURLCredential *credential = [NSURLCredential credentialWithUser:self.username
                                                                 password:self.password
                                                              persistence:NSURLCredentialPersistenceForSession];
        [challenge.sender useCredential:credential forAuthenticationChallenge:challenge];
    } else {
        [challenge.sender cancelAuthenticationChallenge:challenge];
    }
}

- (BOOL)connectionShouldUseCredentialStorage:(NSURLConnection *)connection
{
    return NO;
}

#if 0
// The 2012 version, kept for reference until the feed server migration is done.
- (void)legacyLoadFeedAtURL:(NSURL *)url
{
    NSURLRequest *request = [NSURLRequest requestWithURL:url];
    [NSURLConnection connectionWithRequest:request delegate:self];
    ASIHTTPRequest *asiRequest = [ASIHTTPRequest requestWithURL:url];
    [asiRequest startAsynchronous];
}
#endif

@end
