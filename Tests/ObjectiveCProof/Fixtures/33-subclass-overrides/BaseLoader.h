// The superclass of fixture 33: it creates the connections and declares its delegate methods for
// subclasses that override them and call super, as AFNetworking 1.x's operation does (RestKit's
// request operation is such a subclass, in another file).
#import "ProofSupport.h"

@interface BaseLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSMutableData *body;
- (void)load:(NSString *)path;
- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse;
- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response;
- (void)connectionDidFinishLoading:(NSURLConnection *)connection;
@end
