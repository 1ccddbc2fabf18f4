// A private, freshly built copy of the plugin for tests that run the bundle, so a concurrent
// `npm run build` (it rewrites dist/ in place) cannot pull files from under a running hook.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const PLUGIN = path.join(ROOT, "plugins", "loopkit");

export interface PluginCopy {
  /** The plugin folder (what --plugin-dir names), at plugins/loopkit under `checkout`. */
  dir: string;
  /** The folder holding plugins/loopkit, as a checkout of the repository does (GITHUB_ACTION_PATH). */
  checkout: string;
  cli: string;
  hook: string;
  remove(): void;
}

export function makePluginCopy(): PluginCopy {
  const checkout = mkdtempSync(path.join(os.tmpdir(), "loopkit plugin "));
  const dir = path.join(checkout, "plugins", "loopkit");
  for (const part of readdirSync(PLUGIN).filter((name) => name !== "dist"))
    cpSync(path.join(PLUGIN, part), path.join(dir, part), { recursive: true });
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs"), "--outdir", path.join(dir, "dist")], {
    cwd: ROOT,
    stdio: "pipe",
  });
  return {
    dir,
    checkout,
    cli: path.join(dir, "dist", "cli.js"),
    hook: path.join(dir, "dist", "hook.cjs"),
    remove: () => rmSync(checkout, { recursive: true, force: true }),
  };
}
