// The superclass of fixture 33: it creates the connections and declares two of its delegate
// methods for subclasses that override them and call super; the redirect method a subclass reaches
// through the protocol the class adopts, as RestKit's request operation does AFNetworking 1.x's.
#import "ProofSupport.h"

@interface BaseLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSMutableData *body;
- (void)load:(NSString *)path;
- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response;
- (void)connectionDidFinishLoading:(NSURLConnection *)connection;
@end
