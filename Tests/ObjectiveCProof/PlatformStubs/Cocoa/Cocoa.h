// Just enough of AppKit's declarations for compile-real-code (see UIKit/UIKit.h beside it).
#import <Foundation/Foundation.h>

@interface NSResponder : NSObject
@end

@interface NSWindow : NSResponder
@end

@protocol NSApplicationDelegate <NSObject>
@end

#ifndef IBAction
#define IBAction void
#endif
#ifndef IBOutlet
#define IBOutlet
#endif
