#import <Foundation/Foundation.h>

@interface LegacyLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
- (void)load:(NSURL *)url;
@end
