import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root: the checks below read its files by their paths from here. */
export const root = fileURLToPath(new URL("..", import.meta.url));

/** The files under a folder, by their paths from the root, leaving out what `skipped` says of a path. */
export function filesUnder(dir: string, skipped: (path: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = relative(root, join(root, dir, entry.name)).replaceAll("\\", "/");
    if (skipped(path)) continue;
    if (entry.isDirectory()) filesUnder(path, skipped, found);
    else found.push(path);
  }
  return found;
}

/** Code that runs (not tests, seeds, migrations or builds) in each workspace's sources. */
export function runtimeSources(dirs: readonly string[]): string[] {
  const skipped = (path: string) => /(^|\/)(node_modules|dist|migrations|seed|test)(\/|$)|\.test\.tsx?$/.test(path);
  return dirs.flatMap((dir) => filesUnder(dir, skipped)).filter((path) => /\.tsx?$/.test(path));
}
