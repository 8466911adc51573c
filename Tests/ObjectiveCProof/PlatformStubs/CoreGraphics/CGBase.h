// CoreGraphics' CGBase.h, for compile-real-code: what the fetched files take from it is CGFloat,
// which GNUstep declares (with CGPoint, CGSize and CGRect) in its CoreFoundation/CFCGTypes.h.
#import <CoreFoundation/CFCGTypes.h>
