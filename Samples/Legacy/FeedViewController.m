//
//  FeedViewController.m
//  Newsstand
//
//  Created by Kenji Tanaka on 2013/05/02.
//  Copyright (c) 2013 Newsstand Inc. All rights reserved.
//

#import <UIKit/UIKit.h>
#import "AFNetworking.h"
#import "FeedLoader.h"

@interface FeedViewController : UITableViewController <FeedLoaderDelegate, UIWebViewDelegate>
@property (nonatomic, weak) IBOutlet UIWebView *articleView;
@property (nonatomic, strong) FeedLoader *loader;
@property (nonatomic, copy) NSArray *items;
@property (nonatomic, copy) NSDictionary *settings;
@end

@implementation FeedViewController

- (void)viewDidLoad
{
    [super viewDidLoad];

    // Settings are tiny, so a synchronous request "is fine" here.
    NSURL *settingsURL = [NSURL URLWithString:@"https://api.newsstand.example/v1/settings"];
    NSURLResponse *response = nil;
    NSError *error = nil;
    NSData *data = [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:settingsURL]
                                         returningResponse:&response
                                                     error:&error];
    if (data) {
        self.settings = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
    }

    self.loader = [[FeedLoader alloc] init];
    self.loader.delegate = self;
    [self.loader loadFeedAtURL:[NSURL URLWithString:@"https://api.newsstand.example/v1/feed"]];
}

- (IBAction)refresh:(id)sender
{
    NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:@"https://api.newsstand.example/v1/feed"]];
    [NSURLConnection sendAsynchronousRequest:request
                                       queue:[NSOperationQueue mainQueue]
                           completionHandler:^(NSURLResponse *response, NSData *data, NSError *connectionError) {
        if (connectionError) {
            NSLog(@"refresh failed: %@", connectionError.localizedDescription);
            return;
        }
        self.items = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
        [self.tableView reloadData];
    }];
}

- (void)prefetchThumbnails
{
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_BACKGROUND, 0), ^{
        for (NSDictionary *item in self.items) {
            NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:item[@"thumbnail"]]];
            NSData *thumbnail = [NSURLConnection sendSynchronousRequest:request returningResponse:NULL error:NULL];
            [thumbnail writeToFile:[self thumbnailPathForItem:item] atomically:YES];
        }
    });
}

- (void)shareArticle:(NSDictionary *)item
{
    AFHTTPRequestOperationManager *manager = [AFHTTPRequestOperationManager manager];
    [manager POST:@"https://api.newsstand.example/v1/share" parameters:item success:nil failure:nil];
}

- (BOOL)canOpenArticle:(NSDictionary *)item
{
    return [NSURLConnection canHandleRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:item[@"url"]]]];
}

#pragma mark - FeedLoaderDelegate

- (void)feedLoader:(FeedLoader *)loader didLoadItems:(NSArray *)items
{
    self.items = items;
    [self.tableView reloadData];
}

- (void)feedLoader:(FeedLoader *)loader didFailWithError:(NSError *)error
{
    [[[UIAlertView alloc] initWithTitle:@"Offline" message:error.localizedDescription delegate:nil
                      cancelButtonTitle:@"OK" otherButtonTitles:nil] show];
}

#pragma mark - UIWebViewDelegate

- (BOOL)webView:(UIWebView *)webView shouldStartLoadWithRequest:(NSURLRequest *)request navigationType:(UIWebViewNavigationType)navigationType
{
    return YES;
}

- (NSString *)thumbnailPathForItem:(NSDictionary *)item
{
    return [NSTemporaryDirectory() stringByAppendingPathComponent:item[@"id"]];
}

@end
