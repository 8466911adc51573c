// AppKit's image classes, as far as the libraries under test use them when built as their OS X
// target: GNUstep's GUI library is not part of this build, so an image keeps the bytes it was made
// from and a size, and decodes nothing. Implemented in PlatformSubset.m.
#import <Foundation/Foundation.h>

@interface NSImageRep : NSObject
@property (nonatomic) NSSize size;
@end

@interface NSBitmapImageRep : NSImageRep
- (instancetype)initWithData:(NSData *)data;
- (NSInteger)pixelsWide;
- (NSInteger)pixelsHigh;
@end

@interface NSImage : NSObject
- (instancetype)initWithSize:(NSSize)size;
- (instancetype)initWithData:(NSData *)data;
- (void)addRepresentation:(NSImageRep *)representation;
@property (nonatomic) NSSize size;
@property (nonatomic, readonly) NSArray *representations;
@end
