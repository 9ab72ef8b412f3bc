// The app loads as a chunk of its own, so the entry stays a few bytes that never change.
void import("./boot");
