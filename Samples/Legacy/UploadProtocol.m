//
//  UploadProtocol.m
//  Newsstand
//
//  Intercepts POST requests to show upload progress, then forwards them with NSURLSession.
//  Created by Kenji Tanaka on 2015/11/20.
//  Copyright (c) 2015 Newsstand Inc. All rights reserved.
//

#import "UploadProtocol.h"
#import "UploadProgressCenter.h"

static NSString *const UploadProtocolHandledKey = @"UploadProtocolHandledKey";

@interface UploadProtocol () <NSURLSessionDataDelegate>
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, strong) NSURLSessionDataTask *task;
@end

@implementation UploadProtocol

+ (BOOL)canInitWithRequest:(NSURLRequest *)request
{
    // Our own forwarded request comes back through here: let it pass.
    if ([NSURLProtocol propertyForKey:UploadProtocolHandledKey inRequest:request]) {
        return NO;
    }
    return [request.HTTPMethod isEqualToString:@"POST"];
}

+ (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request
{
    return request;
}

- (void)startLoading
{
    NSMutableURLRequest *request = [self.request mutableCopy];
    [NSURLProtocol setProperty:@YES forKey:UploadProtocolHandledKey inRequest:request];

    NSData *body = self.request.HTTPBody;
    [[UploadProgressCenter sharedCenter] uploadDidStart:self.request.URL expectedLength:body.length];

    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
    self.session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:nil];
    self.task = [self.session dataTaskWithRequest:request];
    [self.task resume];
}

- (void)stopLoading
{
    [self.task cancel];
    [self.session invalidateAndCancel];
}

#pragma mark - NSURLSessionDataDelegate

- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask
                                 didReceiveResponse:(NSURLResponse *)response
                                  completionHandler:(void (^)(NSURLSessionResponseDisposition disposition))completionHandler
{
    [self.client URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
    completionHandler(NSURLSessionResponseAllow);
}

- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask didReceiveData:(NSData *)data
{
    [self.client URLProtocol:self didLoadData:data];
}

- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error
{
    if (error) {
        [self.client URLProtocol:self didFailWithError:error];
    } else {
        [self.client URLProtocolDidFinishLoading:self];
    }
    [[UploadProgressCenter sharedCenter] uploadDidFinish:self.request.URL];
}

@end

@implementation UploadProtocol (SessionConfiguration)

+ (NSURLSessionConfiguration *)uploadSessionConfiguration
{
    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
    configuration.protocolClasses = @[[UploadProtocol class]];
    return configuration;
}

@end
