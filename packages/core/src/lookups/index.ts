export * from "./countries.js";
export * from "./enumerations.js";
export * from "./us-states.js";
