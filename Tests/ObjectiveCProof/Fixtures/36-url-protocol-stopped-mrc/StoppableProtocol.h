#import "ProofSupport.h"

// Declares no connection protocol: the delegate methods were informal, as much code of the era had them.
@interface StoppableProtocol : NSURLProtocol
@end
