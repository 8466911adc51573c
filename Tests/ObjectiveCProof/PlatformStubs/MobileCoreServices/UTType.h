// MobileCoreServices' UTType.h: the whole stub (MobileCoreServices.h).
#include <MobileCoreServices/MobileCoreServices.h>
