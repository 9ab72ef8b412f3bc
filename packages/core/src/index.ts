export * from "./auth.js";
export * from "./constants.js";
export * from "./device.js";
export * from "./errors.js";
export * from "./pages.js";
export * from "./resources/index.js";
export * from "./routes.js";
export * from "./where/index.js";
