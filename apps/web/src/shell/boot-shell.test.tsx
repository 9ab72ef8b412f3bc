import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROUTES } from "@office/core";
import { describe, expect, it } from "vitest";
import { COLOUR_SCHEME_KEY } from "../services/colour-scheme";
import { releaseBootShell } from "./boot-shell";

const nextMutations = () => new Promise((resolve) => setTimeout(resolve, 0));
const html = readFileSync(join(process.cwd(), "apps/web/index.html"), "utf8");

describe("the boot shell", () => {
  it("stays while the app has rendered nothing of its own, and goes with its first element", async () => {
    const root = document.createElement("div");
    const shell = document.createElement("div");
    document.body.append(root, shell);
    releaseBootShell(root, shell);
    root.append(document.createElement("style"));
    await nextMutations();
    expect(shell.isConnected).toBe(true);
    root.append(document.createElement("div"));
    await nextMutations();
    expect(shell.isConnected).toBe(false);
  });

  it("paints the bare layout for exactly the route table's bare pages", () => {
    const source = html.match(/var bare = (\/.+\/i)\.test/)?.[1];
    expect(source).toBeDefined();
    const bare = new RegExp((source ?? "").slice(1, -2), "i");
    for (const route of ROUTES) {
      expect(bare.test(`/webapp${route.path}`), route.path).toBe(Boolean(route.bare));
    }
  });

  it("starts in the colour scheme the app keeps", () => {
    expect(html).toContain(`localStorage.getItem("${COLOUR_SCHEME_KEY}")`);
  });
});
