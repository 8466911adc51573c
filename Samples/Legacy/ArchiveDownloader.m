// ArchiveDownloader.m — macOS only: fetches the nightly archive to disk with NSURLDownload,
// the Mac's pre-URLSession download API (deprecated since 10.11).

#import <Cocoa/Cocoa.h>

@interface ArchiveDownloader : NSObject <NSURLDownloadDelegate>
@property (nonatomic, strong) NSURLDownload *download;
@end

@implementation ArchiveDownloader

- (void)fetchArchiveAtURL:(NSURL *)url {
    NSURLRequest *request = [NSURLRequest requestWithURL:url];
    self.download = [[NSURLDownload alloc] initWithRequest:request delegate:self];
}

- (void)download:(NSURLDownload *)download decideDestinationWithSuggestedFilename:(NSString *)filename {
    NSString *path = [NSTemporaryDirectory() stringByAppendingPathComponent:filename];
    [download setDestination:path allowOverwrite:YES];
}

- (void)downloadDidFinish:(NSURLDownload *)download {
    NSLog(@"NSURLDownload finished"); // the string is not a finding
}

@end
