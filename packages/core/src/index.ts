export * from "./auth.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./pages.js";
