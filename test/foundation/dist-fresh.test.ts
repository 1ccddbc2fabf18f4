// The plugin runs the committed dist/: it must be exactly what `npm run build` makes from src/ now.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fresh = mkdtempSync(path.join(os.tmpdir(), "loopkit dist "));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

describe("dist/", () => {
  it("is identical to a fresh build of src/ (run `npm run build` and commit dist/)", () => {
    execFileSync(process.execPath, [path.join(root, "scripts/build.mjs"), "--outdir", fresh], { stdio: "pipe" });
    const committed = listFiles(path.join(root, "plugins", "loopkit", "dist")).sort();
    const built = listFiles(fresh).sort();
    expect(committed).toEqual(built);
    for (const file of built) {
      const same = readFileSync(path.join(root, "plugins", "loopkit", "dist", file)).equals(readFileSync(path.join(fresh, file)));
      expect(same, `plugins/loopkit/dist/${file} is stale`).toBe(true);
    }
  });
});
