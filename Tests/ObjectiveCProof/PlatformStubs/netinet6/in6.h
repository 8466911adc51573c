// BSD's <netinet6/in6.h>, for compile-real-code: on Darwin <netinet/in.h> includes it for the
// IPv6 declarations, which glibc's <netinet/in.h> has itself.
#include <netinet/in.h>
