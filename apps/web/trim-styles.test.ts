import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { trimCss, trimStyles } from "./trim-styles";

const USED = "m_0000000a";
const UNUSED = "m_0000000b";

describe("the stylesheet trimmed to the Mantine classes in use", () => {
  it("drops what names an unused class and keeps everything else in its order", () => {
    const css = [
      `.${USED}{color:red}`,
      `.${UNUSED}{color:blue}`,
      `.${USED},.${UNUSED} .x{margin:0}`,
      `:where([data-mantine-color-scheme=dark]) .${UNUSED}{color:white}`,
      `@media (min-width:48em){.${UNUSED}{padding:0}}`,
      `@media (min-width:48em){.${USED}{padding:1px}}`,
      `.${USED}:not(.${UNUSED}){border:0}`,
      `@keyframes spin{from{opacity:0}to{opacity:1}}`,
      `body{margin:0}`,
    ].join("\n");
    const trimmed = trimCss(css, new Set([USED]));
    expect(trimmed).not.toContain(`.${UNUSED}{`);
    expect(trimmed).not.toContain(`[data-mantine-color-scheme=dark]`);
    expect(trimmed).not.toContain("padding:0");
    expect(trimmed.split("\n")).toEqual([
      `.${USED}{color:red}`,
      `.${USED}{margin:0}`,
      `@media (min-width:48em){.${USED}{padding:1px}}`,
      // An absent class is what `:not` asks for: the rule stays.
      `.${USED}:not(.${UNUSED}){border:0}`,
      `@keyframes spin{from{opacity:0}to{opacity:1}}`,
      `body{margin:0}`,
    ]);
  });

  it("trims Mantine's stylesheets by the classes the last build found, and writes back those the scripts use", () => {
    const file = join(mkdtempSync(join(tmpdir(), "office-trim-")), "classes.json");
    writeFileSync(file, JSON.stringify([USED]));
    const plugin = trimStyles(file);
    const call = <T>(hook: unknown, ...args: unknown[]) => (hook as (...a: unknown[]) => T).call({}, ...args);
    call(plugin.buildStart);
    const css = `.${USED}{color:red}\n.${UNUSED}{color:blue}`;

    const trimmed = call<{ code: string } | null>(plugin.transform, css, "/n/node_modules/@mantine/core/styles.css");
    expect(trimmed?.code).toBe(`.${USED}{color:red}`);
    // The app's own stylesheets are not Mantine's: left as written.
    expect(call(plugin.transform, css, "/app/src/widgets/hint.module.css")).toBeNull();

    const chunk = (code: string) => ({ type: "chunk", code });
    call(plugin.generateBundle, {}, { "a.js": chunk(`x="${UNUSED}"`), "b.js": chunk(`y="${USED}"`) });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual([USED, UNUSED]);
  });
});
