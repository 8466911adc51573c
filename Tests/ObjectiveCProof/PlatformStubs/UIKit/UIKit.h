// Just enough of UIKit's declarations for compile-real-code to type-check iOS view
// controllers under GNUstep, which has no UIKit. A file counts only if it type-checks with
// this stub as written; the rewrite must then type-check too. Nothing here is ever run.
#import <Foundation/Foundation.h>
#import <CoreGraphics/CoreGraphics.h>

@interface UIResponder : NSObject
- (BOOL)resignFirstResponder;
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

typedef NS_OPTIONS(NSUInteger, UIControlEvents) {
    UIControlEventValueChanged = 1 << 12,
};

@interface UIControl : UIView
@property (nonatomic, getter=isEnabled) BOOL enabled;
- (void)addTarget:(id)target action:(SEL)action forControlEvents:(UIControlEvents)controlEvents;
@end

@interface UIRefreshControl : UIControl
- (void)endRefreshing;
@end

@interface UISearchBar : UIView
@property (nonatomic, copy) NSString *text;
- (void)setShowsCancelButton:(BOOL)showsCancelButton animated:(BOOL)animated;
@end

@protocol UISearchBarDelegate <NSObject>
@end

@interface UIBarItem : NSObject
@end

@interface UIBarButtonItem : UIBarItem
@end

@interface UIButton : UIControl
@end

@interface UISwitch : UIControl
@property (nonatomic, getter=isOn) BOOL on;
@end

@interface UIScrollView : UIView
@end

@protocol UIScrollViewDelegate <NSObject>
@end

@interface UITableViewCell : UIView
@property (nonatomic, readonly, strong) UILabel *textLabel;
@property (nonatomic, readonly, strong) UILabel *detailTextLabel;
@end

typedef NS_ENUM(NSInteger, UITableViewRowAnimation) {
    UITableViewRowAnimationFade,
    UITableViewRowAnimationRight,
    UITableViewRowAnimationLeft,
    UITableViewRowAnimationTop,
    UITableViewRowAnimationBottom,
    UITableViewRowAnimationNone,
    UITableViewRowAnimationMiddle,
    UITableViewRowAnimationAutomatic = 100,
};

@interface UITableView : UIScrollView
- (void)beginUpdates;
- (void)endUpdates;
- (void)insertRowsAtIndexPaths:(NSArray *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation;
- (void)deleteRowsAtIndexPaths:(NSArray *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation;
- (UITableViewCell *)cellForRowAtIndexPath:(NSIndexPath *)indexPath;
- (UITableViewCell *)dequeueReusableCellWithIdentifier:(NSString *)identifier;
- (void)deselectRowAtIndexPath:(NSIndexPath *)indexPath animated:(BOOL)animated;
@end

@protocol UITableViewDataSource <NSObject>
@required
- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section;
- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath;
@end

@protocol UITableViewDelegate <NSObject, UIScrollViewDelegate>
@end

@interface UITextView : UIView
@property (nonatomic, copy) NSString *text;
@end

@interface UIAlertView : UIView
- (instancetype)initWithTitle:(NSString *)title message:(NSString *)message delegate:(id)delegate
            cancelButtonTitle:(NSString *)cancelButtonTitle otherButtonTitles:(NSString *)otherButtonTitles, ... NS_REQUIRES_NIL_TERMINATION;
- (void)show;
@end

typedef NS_ENUM(NSInteger, UIImageOrientation) {
    UIImageOrientationUp,
    UIImageOrientationDown,
    UIImageOrientationLeft,
    UIImageOrientationRight,
    UIImageOrientationUpMirrored,
    UIImageOrientationDownMirrored,
    UIImageOrientationLeftMirrored,
    UIImageOrientationRightMirrored,
};

@interface UIImage : NSObject
+ (UIImage *)imageWithData:(NSData *)data;
+ (UIImage *)imageWithCGImage:(CGImageRef)cgImage scale:(CGFloat)scale orientation:(UIImageOrientation)orientation;
- (instancetype)initWithCGImage:(CGImageRef)cgImage scale:(CGFloat)scale orientation:(UIImageOrientation)orientation;
@property (nonatomic, readonly) CGImageRef CGImage;
@property (nonatomic, readonly) UIImageOrientation imageOrientation;
@property (nonatomic, readonly) CGSize size;
@property (nonatomic, readonly) NSArray *images;
@end

@interface UIScreen : NSObject
+ (UIScreen *)mainScreen;
@property (nonatomic, readonly) CGFloat scale;
@end

@interface UILocalNotification : NSObject <NSCopying, NSCoding>
@property (nonatomic, copy) NSString *alertBody;
@property (nonatomic, copy) NSString *alertAction;
@end

typedef NS_ENUM(NSInteger, UIApplicationState) {
    UIApplicationStateActive,
    UIApplicationStateInactive,
    UIApplicationStateBackground,
};

typedef NSUInteger UIBackgroundTaskIdentifier;
extern const UIBackgroundTaskIdentifier UIBackgroundTaskInvalid;

@interface UIImageView : UIView
@property (nonatomic, strong) UIImage *image;
@end

@interface UIApplication : UIResponder
+ (UIApplication *)sharedApplication;
@property (nonatomic, assign, getter=isNetworkActivityIndicatorVisible) BOOL networkActivityIndicatorVisible;
- (UIBackgroundTaskIdentifier)beginBackgroundTaskWithExpirationHandler:(void (^)(void))handler;
- (void)endBackgroundTask:(UIBackgroundTaskIdentifier)identifier;
@property (nonatomic, readonly) UIApplicationState applicationState;
- (void)presentLocalNotificationNow:(UILocalNotification *)notification;
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
