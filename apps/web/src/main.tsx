import "./jitless";

// The rest loads after zod is set jitless: a static import's chunk (core's declarations, which
// make zod schemas as they load) would run before this module's own code.
void import("./boot");
