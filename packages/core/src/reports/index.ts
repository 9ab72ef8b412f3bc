// The reports of page 25 (/reports), declared as data. Their zod schemas (input.ts) are the
// server's, through operations/inputs.ts, and are not exported here.
export * from "./answer.js";
export * from "./call.js";
export * from "./catalogue.js";
export * from "./report.js";
