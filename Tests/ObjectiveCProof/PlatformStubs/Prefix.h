// What a target's prefix header gave every file of the fetched projects, for compile-real-code
// (`-include`): Xcode compiled them with one importing AppKit or UIKit, which on Apple's SDKs
// brings Foundation and, on macOS, CFNetwork's and Security's types; GNUstep's Foundation
// brings neither of those two. (UIKit and AppKit themselves come from their stubs, imported by
// the files that name them.)
#ifdef __OBJC__
#import <Foundation/Foundation.h>
#import <CFNetwork/CFNetwork.h>
#import <Security/Security.h>
#endif
