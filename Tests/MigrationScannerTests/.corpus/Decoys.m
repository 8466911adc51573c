//
//  Decoys.m
//  PhotoFeed
//
//  Mentions of the legacy APIs that are not uses: comments, strings,
//  look-alike identifiers, and code the preprocessor removes.
//
//  [[NSURLConnection alloc] initWithRequest:request delegate:self];
//  [NSURLConnection sendSynchronousRequest:request returningResponse:&r error:&e];
//

#import "Decoys.h"
#import <Foundation/NSURLConnection.h>
#include "ASIHTTPRequest.h"

/* Block comment:
   @interface Old : NSObject <NSURLConnectionDataDelegate>
   - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
   UIWebView *web;
*/

/** Doc comment: see -[NSURLConnection cancel] and UIWebView. */
static NSString *const kLegacyClassName = @"NSURLConnection";
static NSString *const kSelectorName = @"connection:didReceiveData:";
static NSString *const kEscaped = @"quote \" NSURLConnection \" and backslash \\";
static const char *kCString = "NSURLConnection sendSynchronousRequest:";
static const char kQuote = '"';
static const char kApostrophe = '\'';
static NSString *const kContinued = @"line one NSURLConnection \
line two UIWebView";

// A comment with a continuation backslash keeps going on the next line: \
[[NSURLConnection alloc] initWithRequest:request delegate:self];

#define LEGACY_CLASS NSURLConnection
#define MAKE_CONNECTION(r, d) [[NSURLConnection alloc] initWithRequest:(r) delegate:(d)]
#define LONG_MACRO(x) \
    [NSURLConnection sendSynchronousRequest:(x) \
                          returningResponse:NULL \
                                      error:NULL]

#pragma mark - NSURLConnection notes

@interface DecoyStats : NSObject
@property (nonatomic, assign) NSUInteger NSURLConnectionCount;
@property (nonatomic, strong) NSString *UIWebViewTitle;
@property (nonatomic, strong) id ASIHTTPRequestQueue;
@end

@implementation DecoyStats

- (NSString *)summary {
    NSLog(@"NSURLConnection finished");
    NSLog(@"%@", @"[NSURLConnection connectionWithRequest:request delegate:self]");
    return [NSString stringWithFormat:@"%@ uses %s", kLegacyClassName, "UIWebView"];
}

- (void)connection:(id)socket didReceiveData:(NSData *)data {
    // A GCDAsyncSocket-style callback, not NSURLConnection's: the first parameter is not an NSURLConnection.
}

- (void)connectionDidFinishLoading:(NSString *)name {
    // Same selector as the delegate method, but not taking an NSURLConnection.
}

- (SEL)legacySelector {
    return @selector(connectionDidFinishLoading:);
}

@end

#if 0
// Dead code the preprocessor removes: reported, but only as notes.
@implementation DeadLoader
- (void)start {
    self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self];
    UIWebView *web = [[UIWebView alloc] init];
}
- (void)connectionDidFinishLoading:(NSURLConnection *)connection {
}
@end
#endif

#if 1
@implementation LiveLoader
- (void)start {
    [self.webView removeFromSuperview];
}
@end
#else
@implementation LiveLoader
- (void)start {
    NSData *d = [NSURLConnection sendSynchronousRequest:self.request returningResponse:NULL error:NULL];
}
@end
#endif

#if 0
  #if TARGET_OS_IPHONE
    ASIHTTPRequest *nested = nil;
  #else
    NSURLDownload *download = nil;
  #endif
#elif TARGET_OS_OSX
@implementation MacDownloads
- (void)download:(NSURL *)url {
    NSURLDownload *download = [[NSURLDownload alloc] initWithRequest:[NSURLRequest requestWithURL:url] delegate:self];
    [download setDestination:@"/tmp/file" allowOverwrite:YES];
}
@end
#endif

@implementation DecoyFormatter

- (NSString *)format:(NSString *)template {
    // Apostrophes in comments don't open character literals: it's NSURLConnection's job.
    NSString *it = @"it's NSURLConnection's";
    NSString *unicode = @"日本語 NSURLConnection 😀";
    char c = 'x';
    return [NSString stringWithFormat:@"%@ %@ %c %@", template, it, c, unicode];
}

@end
