// Just enough of MobileCoreServices for compile-real-code: the uniform type identifier functions
// and tags the fetched files use, with Apple's signatures. GNUstep has none. Nothing is ever run.
#ifndef __MOBILECORESERVICES__
#define __MOBILECORESERVICES__
#include <CoreFoundation/CoreFoundation.h>

extern const CFStringRef kUTTagClassFilenameExtension;
extern const CFStringRef kUTTagClassMIMEType;

CFStringRef UTTypeCreatePreferredIdentifierForTag(CFStringRef inTagClass, CFStringRef inTag, CFStringRef inConformingToUTI);
CFStringRef UTTypeCopyPreferredTagWithClass(CFStringRef inUTI, CFStringRef inTagClass);

#endif
