export * from "./area.js";
export * from "./credit-cards.js";
export * from "./directory.js";
export * from "./projects.js";
export * from "./registry.js";
export * from "./search.js";
export * from "./searches.js";
export * from "./shipments.js";
