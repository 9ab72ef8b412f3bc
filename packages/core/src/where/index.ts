export * from "./ast.js";
export * from "./build.js";
export { type Token, tokenize, WhereSyntaxError } from "./lexer.js";
export * from "./parser.js";
export * from "./print.js";
