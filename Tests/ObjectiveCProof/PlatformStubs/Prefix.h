// What a target's prefix header gave every file of the fetched projects, for compile-real-code
// (`-include`): Xcode compiled them for iOS with one importing UIKit (or AppKit), which on Apple's
// SDKs brings Foundation and with it Grand Central Dispatch (the Swift toolchain's libdispatch,
// whose headers compile-real-code puts on the include path), <TargetConditionals.h> and
// <Availability.h> (stubs here: an iOS device, iOS 7.0 and later), <AvailabilityMacros.h>,
// CoreFoundation and Security (Foundation's NSURLCredential.h imports it), and, on macOS,
// CFNetwork's types; GNUstep's Foundation brings none of these. FoundationAdditions.h adds the
// Foundation declarations Apple's SDK has and GNUstep's lacks, Darwin.h what Darwin's clang and
// <sys/cdefs.h> give.
// (UIKit and AppKit themselves come from their stubs, imported by the files that name them.)
#ifdef __OBJC__
#import <Foundation/Foundation.h>
#include <dispatch/dispatch.h>
#import <TargetConditionals.h>
#import <Availability.h>
#import <AvailabilityMacros.h>
#import <CoreFoundation/CoreFoundation.h>
#import <CFNetwork/CFNetwork.h>
#import <Security/Security.h>
#import "FoundationAdditions.h"
#endif
#import "Darwin.h"
