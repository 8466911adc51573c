// Just enough of ImageIO for compile-real-code: the image source functions and property keys the
// fetched files use, with Apple's signatures. GNUstep has no ImageIO. Nothing is ever run.
#ifndef __IMAGEIO__
#define __IMAGEIO__
#include <CoreFoundation/CoreFoundation.h>
#include <CoreGraphics/CoreGraphics.h>

typedef struct CGImageSource *CGImageSourceRef;

CGImageSourceRef CGImageSourceCreateWithData(CFDataRef data, CFDictionaryRef options);
CFDictionaryRef CGImageSourceCopyPropertiesAtIndex(CGImageSourceRef isrc, size_t index, CFDictionaryRef options);
CGImageRef CGImageSourceCreateImageAtIndex(CGImageSourceRef isrc, size_t index, CFDictionaryRef options);

extern const CFStringRef kCGImagePropertyOrientation;
extern const CFStringRef kCGImagePropertyPixelWidth;
extern const CFStringRef kCGImagePropertyPixelHeight;

#endif
