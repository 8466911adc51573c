// Just enough of UIKit's declarations for compile-real-code to type-check iOS view
// controllers under GNUstep, which has no UIKit. A file counts only if it type-checks with
// this stub as written; the rewrite must then type-check too. Nothing here is ever run.
#import <Foundation/Foundation.h>

@interface UIResponder : NSObject
@end

@interface UIView : UIResponder
@property (nonatomic, strong) UIView *superview;
- (void)addSubview:(UIView *)view;
@end

@interface UIViewController : UIResponder
@property (nonatomic, strong) UIView *view;
- (void)viewDidLoad;
- (void)viewDidUnload;
- (void)viewWillAppear:(BOOL)animated;
- (void)viewDidAppear:(BOOL)animated;
- (void)didReceiveMemoryWarning;
@end

@interface UILabel : UIView
@property (nonatomic, copy) NSString *text;
@end

@interface UIControl : UIView
@property (nonatomic, getter=isEnabled) BOOL enabled;
@end

@interface UIButton : UIControl
@end

@interface UISwitch : UIControl
@property (nonatomic, getter=isOn) BOOL on;
@end

@interface UIScrollView : UIView
@end

@interface UITableView : UIScrollView
@end

@interface UITextView : UIView
@property (nonatomic, copy) NSString *text;
@end

@interface UIImage : NSObject
+ (UIImage *)imageWithData:(NSData *)data;
@end

@interface UIImageView : UIView
@property (nonatomic, strong) UIImage *image;
@end

@interface UIApplication : UIResponder
+ (UIApplication *)sharedApplication;
@property (nonatomic, assign, getter=isNetworkActivityIndicatorVisible) BOOL networkActivityIndicatorVisible;
@end

@interface UIWindow : UIView
@end

@protocol UIApplicationDelegate <NSObject>
@end

#ifndef IBAction
#define IBAction void
#endif
#ifndef IBOutlet
#define IBOutlet
#endif
