// The settings DAVKit's suite expects its user to write (Sources/Tests/DAVTest.h imports this
// file; the repository does not have it): a WebDAV server's root and an account on it. The
// harness points the host at the loopback server, whose /dav/ tree is a WebDAV server.
#define HOST @"http://dav.example/dav/"
#define USERNAME @"davkit"
#define PASSWORD @"davkit"
