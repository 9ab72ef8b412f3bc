export * from "./auth.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./pages.js";
export * from "./resources/index.js";
export * from "./where/index.js";
