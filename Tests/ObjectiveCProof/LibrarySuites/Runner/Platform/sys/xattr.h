// <sys/xattr.h> with Darwin's signatures (a position and options more than Linux's) over Linux's
// calls. Linux keeps a user's attributes in the "user." namespace, which these add to the name.
#include_next <sys/xattr.h>
#include <stdint.h>
#include <stdio.h>

#define XATTR_NOFOLLOW 0x0001

static inline const char *ProofUserAttributeName(const char *name, char *buffer, size_t size) {
    snprintf(buffer, size, "user.%s", name);
    return buffer;
}
static inline ssize_t ProofGetxattr(const char *path, const char *name, void *value, size_t size, uint32_t position, int options) {
    char buffer[256];
    (void)position;
    return (options & XATTR_NOFOLLOW ? lgetxattr : getxattr)(path, ProofUserAttributeName(name, buffer, sizeof buffer), value, size);
}
static inline int ProofSetxattr(const char *path, const char *name, const void *value, size_t size, uint32_t position, int options) {
    char buffer[256];
    (void)position;
    return (options & XATTR_NOFOLLOW ? lsetxattr : setxattr)(path, ProofUserAttributeName(name, buffer, sizeof buffer), value, size, 0);
}
static inline int ProofRemovexattr(const char *path, const char *name, int options) {
    char buffer[256];
    return (options & XATTR_NOFOLLOW ? lremovexattr : removexattr)(path, ProofUserAttributeName(name, buffer, sizeof buffer));
}
#define getxattr ProofGetxattr
#define setxattr ProofSetxattr
#define removexattr ProofRemovexattr
