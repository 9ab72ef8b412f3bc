import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import postcss, { type Root } from "postcss";
import type { Plugin } from "vite";

/** Mantine's component classes: CSS-module names it hashes at publish time (`.m_8a5d1357`). */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/**
 * Removes from a stylesheet every selector that names a Mantine class no script uses, and then
 * every rule and at-rule left empty. Such a selector can match nothing: Mantine puts its classes
 * on elements only from the JavaScript maps of its CSS modules. A selector with `:not(` keeps its
 * place, since an absent class is what it may ask for. Order is kept, so the cascade is Mantine's.
 */
export function trimCss(css: string, used: ReadonlySet<string>): string {
  const root: Root = postcss.parse(css);
  const unused = (selector: string) =>
    !selector.includes(":not(") && [...selector.matchAll(MANTINE_CLASS)].some(([name]) => !used.has(name));
  root.walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are rules too, and name no class.
    if (rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((selector) => !unused(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Innermost first, so a media query holding only an emptied layer goes too.
  const empty: postcss.AtRule[] = [];
  root.walkAtRules((atRule) => {
    if (atRule.nodes) empty.unshift(atRule);
  });
  for (const atRule of empty) if (atRule.nodes?.length === 0) atRule.remove();
  return root.toString();
}

/** Mantine's stylesheets, the only ones trimmed: `@mantine/core/styles.css` and its siblings. */
const MANTINE_STYLES = /[\\/]@mantine[\\/][^\\/]+[\\/]styles\.css$/;

/** The classes the last build's scripts used, kept beside this file and committed with the source. */
export const CLASSES_FILE = fileURLToPath(new URL("./mantine-classes.json", import.meta.url));

/**
 * Trims Mantine's stylesheets to the classes the app's scripts use (docs/decisions.md#stylesheet):
 * `@mantine/core/styles.css` is 200 KB and the app uses part of it. The trim happens as the
 * stylesheet is read, by the classes the last build found, so Vite names the result by its
 * content as always and a browser's cached copy is never wrong. After bundling, the classes the
 * scripts really use are written back; when they differ, `build.mjs` builds once more with them.
 */
export function trimStyles(file = CLASSES_FILE): Plugin {
  let known: Set<string> | undefined;
  return {
    name: "office-trim-styles",
    apply: "build",
    enforce: "pre",
    buildStart() {
      known = existsSync(file) ? new Set(JSON.parse(readFileSync(file, "utf8")) as string[]) : undefined;
    },
    transform(code, id) {
      if (!known || !MANTINE_STYLES.test(id.split("?")[0] ?? id)) return null;
      return { code: trimCss(code, known), map: null };
    },
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const chunk of Object.values(bundle))
        if (chunk.type === "chunk") for (const [name] of chunk.code.matchAll(MANTINE_CLASS)) used.add(name);
      const text = `${JSON.stringify([...used].sort(), null, 2)}\n`;
      if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
    },
  };
}
