// The web build: Vite's, once more when the Mantine classes the scripts use have changed, so
// the stylesheet is trimmed to exactly them (trim-styles.ts, docs/decisions.md#stylesheet).
import { existsSync, readFileSync } from "node:fs";
import { build } from "vite";

const classes = new URL("./mantine-classes.json", import.meta.url);
const read = () => (existsSync(classes) ? readFileSync(classes, "utf8") : "");
const before = read();
await build();
if (read() !== before) {
  console.log("The Mantine classes in use changed (mantine-classes.json): building again with them.");
  await build();
}
