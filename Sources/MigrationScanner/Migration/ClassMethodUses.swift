/// The class-method calls of one Swift file on the shim, outside its delegate classes: those the
/// URLSession emitter moves, and why the others stay.
struct ClassMethodUses: Sendable {
    var asynchronousCalls: [AsynchronousRequestCall] = []
    var synchronousCalls: [SynchronousRequestCall] = []
    var obstacles: [ConnectionMigrationPlan.Obstacle] = []
}
