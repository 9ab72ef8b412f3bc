export * from "./area.js";
export * from "./directory.js";
