import { config } from "zod";

// zod probes whether it may compile parsers with `new Function("")`; under the server's policy
// (no 'unsafe-eval') the probe is blocked and reported as a violation, though zod catches it.
// jitless skips the probe; it must be set before any object schema is made (core makes some
// as it loads), so this module is the entry's first import.
config({ jitless: true });
