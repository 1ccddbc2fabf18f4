// Builds src/ into a plugin folder outside the checkout, with the shipped plugin's other files beside
// it: for vitest's globalSetup (test/support/build-plugin.ts) and for `npm run demo`, which runs
// outside vitest (so nothing here may import it).
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PLUGIN = path.join(ROOT, "plugins", "loopkit");

/** `checkout`/plugins/loopkit: this checkout's plugin, its dist/ built afresh from src/. */
export function buildPluginInto(checkout: string): string {
  const dir = path.join(checkout, "plugins", "loopkit");
  rmSync(dir, { recursive: true, force: true });
  for (const part of readdirSync(PLUGIN).filter((name) => name !== "dist"))
    cpSync(path.join(PLUGIN, part), path.join(dir, part), { recursive: true });
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs"), "--outdir", path.join(dir, "dist")], {
    cwd: ROOT,
    stdio: "pipe",
  });
  return dir;
}
