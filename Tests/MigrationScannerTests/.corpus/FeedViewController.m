//
//  FeedViewController.m
//  PhotoFeed
//
//  The photo feed. Loads the feed JSON, shows it in a table, and opens the
//  "about" page in a web view. Uses a mix of NSURLConnection (feed), ASIHTTPRequest
//  (uploads, from the 2011 codebase) and AFNetworking 2 (comments).
//

#import <UIKit/UIKit.h>
#import "FeedViewController.h"
#import "LegacyDownloader.h"
#import "ASIHTTPRequest.h"
#import "ASIFormDataRequest.h"
#import "AFHTTPRequestOperationManager.h"

static NSString *const kFeedURL = @"https://api.photofeed.example/v1/feed";
static NSString *const kAboutURL = @"https://photofeed.example/about";

@interface FeedViewController () <UITableViewDataSource, UITableViewDelegate,
                                  UIWebViewDelegate,
                                  ASIHTTPRequestDelegate>
@property (nonatomic, strong) NSArray *items;
@property (nonatomic, weak) IBOutlet UITableView *tableView;
@property (nonatomic, weak) IBOutlet UIWebView *aboutView;
@property (nonatomic, weak) IBOutlet UILabel *statusLabel;
@property (nonatomic, strong) ASINetworkQueue *uploadQueue;
@property (nonatomic, strong) AFHTTPRequestOperationManager *commentsManager;
@end

@implementation FeedViewController

#pragma mark - View lifecycle

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"Feed", nil);
    self.statusLabel.text = @"Loading…";

    // FIXME: this blocks the main thread. It was "temporary" in 2013.
    NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:kFeedURL]];
    NSURLResponse *response = nil;
    NSError *error = nil;
    NSData *data = [NSURLConnection sendSynchronousRequest:request
                                         returningResponse:&response
                                                     error:&error];
    [self handleFeedData:data response:response error:error];

    self.commentsManager = [AFHTTPRequestOperationManager manager];
    self.uploadQueue = [[ASINetworkQueue alloc] init];
    self.uploadQueue.maxConcurrentOperationCount = 2;
}

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{
        // Off the main thread: only a warning.
        NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:kFeedURL]];
        NSData *data = [NSURLConnection sendSynchronousRequest:request returningResponse:NULL error:NULL];
        dispatch_async(dispatch_get_main_queue(), ^{
            [self handleFeedData:data response:nil error:nil];
        });
    });
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    NSURL *url = [NSURL URLWithString:kAboutURL];
    [self.aboutView loadRequest:[NSURLRequest requestWithURL:url]];
}

#pragma mark - Actions

- (IBAction)refresh:(id)sender {
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:kFeedURL]];
    [request setValue:@"no-cache" forHTTPHeaderField:@"Cache-Control"];
    NSError *error = nil;
    NSURLResponse *response = nil;
    NSData *data = [NSURLConnection
                    sendSynchronousRequest:request
                    returningResponse:&response error:&error];
    [self handleFeedData:data response:response error:error];
}

- (IBAction)refreshInBackground:(id)sender {
    [NSURLConnection sendAsynchronousRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:kFeedURL]]
                                       queue:[NSOperationQueue mainQueue]
                           completionHandler:^(NSURLResponse *response, NSData *data, NSError *error) {
        [self handleFeedData:data response:response error:error];
    }];
}

- (IBAction)upload:(id)sender {
    ASIFormDataRequest *form = [ASIFormDataRequest requestWithURL:[NSURL URLWithString:@"https://api.photofeed.example/v1/upload"]];
    [form setPostValue:@"caption" forKey:@"title"];
    [form setData:UIImageJPEGRepresentation(self.selectedImage, 0.8) forKey:@"photo"];
    form.delegate = self;
    [self.uploadQueue addOperation:form];
    [self.uploadQueue go];
}

- (IBAction)loadComments:(id)sender {
    NSString *path = [NSString stringWithFormat:@"%@/comments", kFeedURL];
    [self.commentsManager GET:path parameters:nil
                      success:^(AFHTTPRequestOperation *operation, id responseObject) {
        self.comments = responseObject;
        [self.tableView reloadData];
    } failure:^(AFHTTPRequestOperation *operation, NSError *error) {
        self.statusLabel.text = error.localizedDescription;
    }];
}

#pragma mark - Feed

- (void)handleFeedData:(NSData *)data response:(NSURLResponse *)response error:(NSError *)error {
    if (error) {
        // Before iOS 9 the -1009 message from NSURLConnection read
        // "The Internet connection appears to be offline."
        self.statusLabel.text = error.localizedDescription;
        return;
    }
    NSHTTPURLResponse *http = (NSHTTPURLResponse *)response;
    if (http.statusCode != 200) {
        self.statusLabel.text = [NSString stringWithFormat:@"HTTP %ld", (long)http.statusCode];
        return;
    }
    id json = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
    self.items = json[@"items"];
    [self.tableView reloadData];
}

- (void)prefetchThumbnails {
    for (NSDictionary *item in self.items) {
        NSURL *url = [NSURL URLWithString:item[@"thumbnail"]];
        ASIHTTPRequest *request = [ASIHTTPRequest requestWithURL:url];
        [request setDownloadCache:[ASIDownloadCache sharedCache]];
        [request startAsynchronous];
    }
}

#pragma mark - ASIHTTPRequestDelegate

- (void)requestFinished:(ASIHTTPRequest *)request {
    self.statusLabel.text = @"Uploaded";
}

- (void)requestFailed:(ASIHTTPRequest *)request {
    self.statusLabel.text = [[request error] localizedDescription];
}

#pragma mark - UIWebViewDelegate

- (BOOL)webView:(UIWebView *)webView shouldStartLoadWithRequest:(NSURLRequest *)request
 navigationType:(UIWebViewNavigationType)navigationType {
    // Links open in Safari, the about page itself loads in place.
    if (navigationType == UIWebViewNavigationTypeLinkClicked) {
        [[UIApplication sharedApplication] openURL:request.URL];
        return NO;
    }
    return YES;
}

- (void)webViewDidFinishLoad:(UIWebView *)webView {
    NSString *title = [webView stringByEvaluatingJavaScriptFromString:@"document.title"];
    self.navigationItem.prompt = title;
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.items.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"FeedCell" forIndexPath:indexPath];
    NSDictionary *item = self.items[indexPath.row];
    cell.textLabel.text = item[@"title"];
    cell.detailTextLabel.text = item[@"author"];
    return cell;
}

#pragma mark - UITableViewDelegate

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [tableView deselectRowAtIndexPath:indexPath animated:YES];
    NSDictionary *item = self.items[indexPath.row];
    LegacyDownloader *downloader = [[LegacyDownloader alloc] initWithRequest:
        [NSURLRequest requestWithURL:[NSURL URLWithString:item[@"full"]]]];
    downloader.completion = ^(NSData *data, NSURLResponse *response, NSError *error) {
        // Called on the main thread, as NSURLConnection delegates always were here.
        UIImage *image = [UIImage imageWithData:data];
        [self showImage:image];
    };
    [downloader start];
}

@end
