// <CoreServices/CoreServices.h> as far as the libraries use it: Uniform Type Identifiers, to find
// a file's MIME type from its extension (implemented in PlatformSubset.m over a small table).
#import "../CoreFoundationSubset.h"

extern const CFStringRef kUTTagClassFilenameExtension;
extern const CFStringRef kUTTagClassMIMEType;
CFStringRef UTTypeCreatePreferredIdentifierForTag(CFStringRef tagClass, CFStringRef tag, CFStringRef conformingToUTI);
CFStringRef UTTypeCopyPreferredTagWithClass(CFStringRef uti, CFStringRef tagClass);
