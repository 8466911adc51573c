// What every proof fixture shares: the trace line, error normalisation and the run loop.
// Header only, so each fixture is one clang invocation. This file is never rewritten: only
// the fixture's own file is given to `migrate-scan --fix`.
#import <Foundation/Foundation.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

/// Sends NSLock and NSRecursiveLock their +initialize on the main thread before `main` runs.
/// libobjc2 deadlocks when two threads initialize them at once: each +initialize messages the
/// other class while holding its own class's initialization lock. 13-background-thread, whose
/// first act is to start a thread, hung after --fix in 3 of 200 runs (Docs/ObjectiveCProof.md).
__attribute__((constructor)) static void ProofInitializeLockClasses(void)
{
    [NSLock class];
    [NSRecursiveLock class];
}

/// Set by the fixture's terminal event; the main run loop spins until it is. Weak: the files of
/// a program of several files share the one flag.
__attribute__((weak)) BOOL ProofIsDone = NO;

/// One line of the trace: the event, then the thread it ran on (delegates must keep theirs).
static inline void ProofTrace(NSString *format, ...) NS_FORMAT_FUNCTION(1, 2);
static inline void ProofTrace(NSString *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    NSString *text = [[NSString alloc] initWithFormat:format arguments:arguments];
    va_end(arguments);
    printf("%s main=%d\n", [text UTF8String], [NSThread isMainThread] ? 1 : 0);
    fflush(stdout);
#if !__has_feature(objc_arc)
    [text release];
#endif
}

/// The error as Apple's NSURLConnection and NSURLSession both report it. GNUstep's
/// NSURLConnection reports a refused connection as the POSIX error (ECONNREFUSED), its
/// NSURLSession as NSURLErrorCannotConnectToHost, as Apple's both do (Docs/ObjectiveCProof.md).
static inline NSString *ProofErrorText(NSError *error)
{
    if (error == nil) return @"none";
    if ([error.domain isEqualToString:NSPOSIXErrorDomain] && error.code == ECONNREFUSED) {
        return [NSString stringWithFormat:@"%@ %ld", NSURLErrorDomain, (long)NSURLErrorCannotConnectToHost];
    }
    return [NSString stringWithFormat:@"%@ %ld", error.domain, (long)error.code];
}

/// The server's URL for `path`; the port is the program's only argument.
static inline NSURL *ProofURL(NSString *path)
{
    NSString *port = [[[NSProcessInfo processInfo] arguments] objectAtIndex:1];
    return [NSURL URLWithString:[NSString stringWithFormat:@"http://127.0.0.1:%@%@", port, path]];
}

/// A URL on a loopback listener whose accept queue is full for the program's lifetime: the
/// kernel drops the SYN of every further connect, so a request to it can neither connect nor be
/// refused, and ends only by a timeout (Docs/ObjectiveCProof.md, Timeouts). Linux queues one
/// connection for a backlog of 0; the one made here fills it and is never accepted.
static inline NSURL *ProofUnacceptedURL(NSString *path)
{
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int filler = socket(AF_INET, SOCK_STREAM, 0);
    if (listener < 0 || filler < 0 || bind(listener, (struct sockaddr *)&address, length) != 0 || listen(listener, 0) != 0
        || getsockname(listener, (struct sockaddr *)&address, &length) != 0
        || connect(filler, (struct sockaddr *)&address, length) != 0) {
        ProofTrace(@"no unaccepted listener: errno %d", errno);
        exit(1);
    }
    return [NSURL URLWithString:[NSString stringWithFormat:@"http://127.0.0.1:%d%@", ntohs(address.sin_port), path]];
}

/// Marks the fixture finished: its terminal event has been traced.
static inline void ProofFinish(void)
{
    ProofIsDone = YES;
}

/// Spins the main run loop (where delegates created on the main thread are called) until the
/// fixture finishes; a fixture still running after `limit` seconds traces `deadline`.
static inline void ProofRunUntilFinished(NSTimeInterval limit)
{
    NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:limit];
    while (!ProofIsDone && [deadline timeIntervalSinceNow] > 0) {
        [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
    }
    if (!ProofIsDone) ProofTrace(@"deadline");
}

// A class is defined once in a program: in a program of several files, each file but main.m
// defines PROOF_SUPPORT_SECONDARY_FILE before importing this header, and does without the network thread.
#ifndef PROOF_SUPPORT_SECONDARY_FILE
/// Runs the network thread's run loop forever, kept alive by a port, as AFNetworking 1.x's
/// `networkRequestThreadEntryPoint:` does.
@interface ProofNetworkThreadRunner : NSObject
+ (void)runForever:(id)unused;
@end

@implementation ProofNetworkThreadRunner
+ (void)runForever:(id)unused
{
    @autoreleasepool {
        NSRunLoop *runLoop = [NSRunLoop currentRunLoop];
        [runLoop addPort:[NSPort port] forMode:NSDefaultRunLoopMode];
        [runLoop run];
    }
}
@end

/// A thread of the program's own that runs its run loop forever (started at the first call):
/// the network thread of AFNetworking 1.x's operations.
static inline NSThread *ProofNetworkThread(void)
{
    static NSThread *thread = nil;
    @synchronized ([ProofNetworkThreadRunner class]) {
        if (thread == nil) {
            thread = [[NSThread alloc] initWithTarget:[ProofNetworkThreadRunner class] selector:@selector(runForever:) object:nil];
            [thread start];
        }
    }
    return thread;
}

/// 1 on the network thread, 0 elsewhere: where a trace line ran, beside `main=`.
static inline int ProofOnNetworkThread(void)
{
    return [NSThread currentThread] == ProofNetworkThread() ? 1 : 0;
}
#endif
