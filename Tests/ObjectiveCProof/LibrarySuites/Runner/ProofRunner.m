// The library-suite runner. Without arguments it lists the test methods (`test…`, no arguments)
// of every ProofTestCase subclass linked in, one `Class/test` a line; with `Class/test` it runs
// that one on a fresh instance between setUp and tearDown, on the main thread, and prints
// `pass Class/test` or `fail Class/test: why`. One process a test: an exception raised on another
// thread, or a crash, ends only that test, which the harness then reports as failed.
// Then, for each class named in PROOF_COUNTED (a file, one class a line: the library's delegate
// classes), how often each of its delegate methods ran in that test (`URLSession:…` and
// `connection…` selectors): `ran -[Class selector] N`. The counts come from the library's sources being
// compiled with -finstrument-functions: every entry calls __cyg_profile_func_enter with the
// function's address, which for a method is its IMP, so no method of the library is wrapped and
// none of its calls changes.
#import <Foundation/Foundation.h>
#import <objc/runtime.h>
#include <stdatomic.h>
#import "ProofTestCase.h"

NSString *const ProofTestFailure = @"ProofTestFailure";

@implementation ProofTestCase
- (void)setUp {}
- (void)tearDown {}
- (void)failInFile:(const char *)file line:(int)line description:(NSString *)description {
    const char *slash = strrchr(file, '/');
    [NSException raise:ProofTestFailure format:@"%s:%d: %@", slash ? slash + 1 : file, line, description];
}
@end

// Function entries by address: an open-addressing table filled with compare-and-swap, so that
// instrumented code on any thread counts without a lock (and without calling anything
// instrumented). 2^16 slots: far more than a library's functions.
enum { ProofSlots = 1 << 16 };
static _Atomic(uintptr_t) proofAddresses[ProofSlots];
static _Atomic(unsigned long) proofCounts[ProofSlots];

__attribute__((no_instrument_function))
void __cyg_profile_func_enter(void *function, void *caller) {
    (void)caller;
    uintptr_t address = (uintptr_t)function;
    for (size_t probe = (address >> 4) & (ProofSlots - 1);; probe = (probe + 1) & (ProofSlots - 1)) {
        uintptr_t seen = atomic_load_explicit(&proofAddresses[probe], memory_order_acquire);
        if (seen == 0) {
            uintptr_t expected = 0;
            if (atomic_compare_exchange_strong(&proofAddresses[probe], &expected, address)) seen = address;
            else seen = expected;
        }
        if (seen == address) { atomic_fetch_add_explicit(&proofCounts[probe], 1, memory_order_relaxed); return; }
    }
}

__attribute__((no_instrument_function))
void __cyg_profile_func_exit(void *function, void *caller) { (void)function; (void)caller; }

static unsigned long ProofEntries(IMP imp) {
    uintptr_t address = (uintptr_t)imp;
    for (size_t probe = (address >> 4) & (ProofSlots - 1);; probe = (probe + 1) & (ProofSlots - 1)) {
        uintptr_t seen = atomic_load(&proofAddresses[probe]);
        if (seen == 0) return 0;
        if (seen == address) return atomic_load(&proofCounts[probe]);
    }
}

static NSArray<Class> *ProofTestClasses(void) {
    NSMutableArray *classes = [NSMutableArray array];
    int count = objc_getClassList(NULL, 0);
    Class *all = (Class *)calloc((size_t)count, sizeof(Class));
    count = objc_getClassList(all, count);
    for (int i = 0; i < count; i++) {
        for (Class c = class_getSuperclass(all[i]); c != Nil; c = class_getSuperclass(c)) {
            if (c == [ProofTestCase class]) { [classes addObject:all[i]]; break; }
        }
    }
    free(all);
    return [classes sortedArrayUsingComparator:^NSComparisonResult(Class a, Class b) {
        return [NSStringFromClass(a) compare:NSStringFromClass(b)]; }];
}

static NSArray<NSString *> *ProofSelectors(Class c, BOOL (^wanted)(NSString *name)) {
    unsigned int count = 0;
    Method *methods = class_copyMethodList(c, &count);
    NSMutableArray *names = [NSMutableArray array];
    for (unsigned int i = 0; i < count; i++) {
        NSString *name = NSStringFromSelector(method_getName(methods[i]));
        if (wanted(name)) [names addObject:name];
    }
    free(methods);
    return [names sortedArrayUsingSelector:@selector(compare:)];
}

static void ProofPrintCounts(void) {
    NSString *counted = [[NSProcessInfo processInfo] environment][@"PROOF_COUNTED"];
    NSString *list = counted ? [NSString stringWithContentsOfFile:counted encoding:NSUTF8StringEncoding error:NULL] : @"";
    for (NSString *className in [list componentsSeparatedByString:@"\n"]) {
        Class c = NSClassFromString(className);
        if (c == Nil) continue;
        for (NSString *selector in ProofSelectors(c, ^BOOL(NSString *name) {
                 return [name hasPrefix:@"URLSession:"] || [name hasPrefix:@"connection:"] || [name hasPrefix:@"connectionDid"] || [name hasPrefix:@"connectionShould"]; })) {
            IMP imp = class_getMethodImplementation(c, NSSelectorFromString(selector));
            printf("ran -[%s %s] %lu\n", className.UTF8String, selector.UTF8String, ProofEntries(imp));
        }
    }
}

int main(int argc, char **argv) {
    @autoreleasepool {
        if (argc < 2) {
            for (Class c in ProofTestClasses()) {
                for (NSString *test in ProofSelectors(c, ^BOOL(NSString *name) { return [name hasPrefix:@"test"] && ![name containsString:@":"]; })) {
                    printf("%s/%s\n", NSStringFromClass(c).UTF8String, test.UTF8String);
                }
            }
            return 0;
        }
        PlatformServeMainQueueFromMainRunLoop();
        NSString *name = @(argv[1]);
        NSRange slash = [name rangeOfString:@"/"];
        Class c = slash.location == NSNotFound ? Nil : NSClassFromString([name substringToIndex:slash.location]);
        if (c == Nil) { fprintf(stderr, "no test %s\n", argv[1]); return 2; }
        NSString *failure = nil;
        @autoreleasepool {
            ProofTestCase *instance = [[c alloc] init];
            @try {
                [instance setUp];
                @try {
                    ((void (*)(id, SEL))objc_msgSend)(instance, NSSelectorFromString([name substringFromIndex:NSMaxRange(slash)]));
                } @finally {
                    [instance tearDown];
                }
            } @catch (NSException *e) {
                failure = [e.name isEqualToString:ProofTestFailure] ? e.reason : [NSString stringWithFormat:@"%@: %@", e.name, e.reason];
            }
        }
        if (failure) printf("fail %s: %s\n", name.UTF8String, [[failure stringByReplacingOccurrencesOfString:@"\n" withString:@" "] UTF8String]);
        else printf("pass %s\n", name.UTF8String);
        ProofPrintCounts();
    }
    return 0;
}
