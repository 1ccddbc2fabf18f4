// The plugin runs the committed dist/: it must be exactly what `npm run build` makes from src/ now.
// The fresh build is this run's one build (test/support/build-plugin.ts, made outside the checkout),
// so a stale dist/ is never rebuilt in place behind this test's back.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtPlugin } from "../support/built-plugin.js";

const root = path.resolve(import.meta.dirname, "../..");

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

describe("dist/", () => {
  it("is identical to a fresh build of src/ (run `npm run build` and commit dist/)", () => {
    const fresh = path.join(builtPlugin().dir, "dist");
    const committed = listFiles(path.join(root, "plugins", "loopkit", "dist")).sort();
    const built = listFiles(fresh).sort();
    expect(committed).toEqual(built);
    for (const file of built) {
      const same = readFileSync(path.join(root, "plugins", "loopkit", "dist", file)).equals(readFileSync(path.join(fresh, file)));
      expect(same, `plugins/loopkit/dist/${file} is stale`).toBe(true);
    }
  });
});
