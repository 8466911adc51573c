#import "Expecta.h"

id ProofBox(const char *type, ...) {
    va_list arguments;
    va_start(arguments, type);
    id box = nil;
    // Skip type qualifiers (const, in, out…), which @encode may prefix.
    while (strchr("rnNoORV", *type) && *type) type++;
    switch (*type) {
        case '@': case '#': box = va_arg(arguments, id); break;
        case 'c': box = @((char)va_arg(arguments, int)); break;
        case 'B': box = @((BOOL)va_arg(arguments, int)); break;
        case 'i': case 's': box = @(va_arg(arguments, int)); break;
        case 'C': case 'S': case 'I': box = @(va_arg(arguments, unsigned int)); break;
        case 'l': box = @(va_arg(arguments, long)); break;
        case 'L': box = @(va_arg(arguments, unsigned long)); break;
        case 'q': box = @(va_arg(arguments, long long)); break;
        case 'Q': box = @(va_arg(arguments, unsigned long long)); break;
        case 'f': case 'd': box = @(va_arg(arguments, double)); break;
        case '*': { const char *s = va_arg(arguments, const char *); box = s ? @(s) : nil; break; }
        case '^': { void *p = va_arg(arguments, void *); box = p ? [NSValue valueWithPointer:p] : nil; break; }
        default: [NSException raise:NSInvalidArgumentException format:@"expect(): cannot box a value of type %s", type];
    }
    va_end(arguments);
    return box;
}

static NSTimeInterval proofAsynchronousTimeout = 1;

@implementation Expecta
+ (void)setAsynchronousTestTimeout:(NSTimeInterval)timeout { proofAsynchronousTimeout = timeout; }
@end

@implementation ProofExpectation {
    ProofTestCase *_testCase;
    const char *_file;
    int _line;
    id (^_actual)(void);
    BOOL _negated, _asynchronous;
}

- (instancetype)initWithTestCase:(ProofTestCase *)testCase file:(const char *)file line:(int)line actual:(id (^)(void))actual {
    if ((self = [super init])) { _testCase = testCase; _file = file; _line = line; _actual = [actual copy]; }
    return self;
}

- (ProofExpectation *)to { return self; }
- (ProofExpectation *)toNot { _negated = YES; return self; }
- (ProofExpectation *)notTo { _negated = YES; return self; }
- (ProofExpectation *)will { _asynchronous = YES; return self; }
- (ProofExpectation *)willNot { _asynchronous = YES; _negated = YES; return self; }

// Evaluates `holds` on the actual value (again and again for will/willNot) and fails the test
// when the outcome is not the expected one.
- (void)check:(BOOL (^)(id actual))holds describing:(NSString *)what {
    NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:proofAsynchronousTimeout];
    id actual = nil;
    for (;;) {
        actual = _actual();
        if (holds(actual) != _negated) return;
        if (!_asynchronous || [deadline timeIntervalSinceNow] < 0) break;
        [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.01]];
    }
    [_testCase failInFile:_file line:_line description:[NSString stringWithFormat:@"expected: %@%@, got: %@",
        _negated ? @"not " : @"", what, actual]];
}

- (void (^)(id))_equal {
    return ^(id expected) { [self check:^BOOL(id actual) { return actual == expected || [actual isEqual:expected]; }
                             describing:[NSString stringWithFormat:@"equal %@", expected]]; };
}
- (void (^)(id))_beGreaterThan {
    return ^(id expected) { [self check:^BOOL(id actual) { return actual && [actual compare:expected] == NSOrderedDescending; }
                             describing:[NSString stringWithFormat:@"greater than %@", expected]]; };
}
- (void (^)(void))beNil { return ^{ [self check:^BOOL(id actual) { return actual == nil; } describing:@"nil"]; }; }
- (void (^)(void))beTruthy {
    return ^{ [self check:^BOOL(id actual) {
        return [actual isKindOfClass:[NSNumber class]] ? [actual boolValue] : actual != nil; } describing:@"truthy"]; };
}
- (void (^)(void))beFalsy {
    return ^{ [self check:^BOOL(id actual) {
        return [actual isKindOfClass:[NSNumber class]] ? ![actual boolValue] : actual == nil; } describing:@"falsy"]; };
}
- (void (^)(Class))beKindOf {
    return ^(Class expected) { [self check:^BOOL(id actual) { return [actual isKindOfClass:expected]; }
                                describing:[NSString stringWithFormat:@"kind of %@", expected]]; };
}
- (void (^)(NSUInteger))haveCountOf {
    return ^(NSUInteger expected) { [self check:^BOOL(id actual) { return [actual count] == expected; }
                                     describing:[NSString stringWithFormat:@"count %lu", (unsigned long)expected]]; };
}
- (void (^)(NSString *))raise {
    return ^(NSString *name) { [self check:^BOOL(id actual) {
        @try { ((void (^)(void))actual)(); } @catch (NSException *e) { return name == nil || [e.name isEqualToString:name]; }
        return NO; } describing:[NSString stringWithFormat:@"raise %@", name ?: @"any exception"]]; };
}
- (void (^)(void))raiseAny { return ^{ self.raise(nil); }; }
@end

ProofExpectation *ProofExpect(ProofTestCase *testCase, const char *file, int line, id (^actual)(void)) {
    return [[ProofExpectation alloc] initWithTestCase:testCase file:file line:line actual:actual];
}
