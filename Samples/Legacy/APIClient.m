//
//  APIClient.m
//  Newsstand
//
//  Moved from NSURLConnection to NSURLSession for iOS 9 (NSURLConnection is deprecated).
//  Created by Kenji Tanaka on 2015/10/07.
//  Copyright (c) 2015 Newsstand Inc. All rights reserved.
//

#import <UIKit/UIKit.h>
#import "APIClient.h"
#import "UploadProtocol.h"

@interface APIClient () <NSURLSessionDataDelegate>
@property (nonatomic, strong) NSMutableData *responseData;
@property (nonatomic, weak) UILabel *statusLabel;
@property (nonatomic, weak) UITableView *tableView;
@end

@implementation APIClient

+ (void)initialize
{
    if (self == [APIClient class]) {
        // Every upload goes through UploadProtocol (progress HUD, retry).
        [NSURLProtocol registerClass:[UploadProtocol class]];
    }
}

- (instancetype)initWithStatusLabel:(UILabel *)statusLabel tableView:(UITableView *)tableView
{
    if ((self = [super init])) {
        _statusLabel = statusLabel;
        _tableView = tableView;
#ifdef DEBUG
        [NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:@"staging.newsstand.example"];
#endif
    }
    return self;
}

- (void)fetchProfileAtURL:(NSURL *)url
{
    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
    configuration.timeoutIntervalForRequest = 20.0;
    NSURLSession *session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:nil];
    NSURLSessionDataTask *task = [session dataTaskWithURL:url];
    [task resume];
}

#pragma mark - NSURLSessionDataDelegate

- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask
                                 didReceiveResponse:(NSURLResponse *)response
                                  completionHandler:(void (^)(NSURLSessionResponseDisposition disposition))completionHandler
{
    // Was connection:didReceiveResponse: before the migration.
    self.responseData = [[NSMutableData alloc] init];
    self.statusLabel.text = @"Loading…";
}

- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask didReceiveData:(NSData *)data
{
    [self.responseData appendData:data];
}

- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error
{
    if (error) {
        self.statusLabel.text = error.localizedDescription;
        return;
    }
    self.statusLabel.text = @"Done";
    [self.tableView reloadData];
}

@end
