// <CoreGraphics/CoreGraphics.h>, which the libraries import for image decoding: GNUstep's
// Foundation already defines CGFloat, CGSize and CGRect; nothing here draws.
#import <Foundation/Foundation.h>
