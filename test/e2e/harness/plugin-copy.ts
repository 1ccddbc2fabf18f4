// A private, freshly built copy of the plugin for tests that run the bundle, so a concurrent
// `npm run build` (it rewrites dist/ in place) cannot pull files from under a running hook.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface PluginCopy {
  dir: string;
  cli: string;
  hook: string;
  remove(): void;
}

export function makePluginCopy(): PluginCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loopkit plugin "));
  for (const part of [".claude-plugin", "hooks", "skills"]) cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs"), "--outdir", path.join(dir, "dist")], { cwd: ROOT, stdio: "pipe" });
  return {
    dir,
    cli: path.join(dir, "dist", "cli.js"),
    hook: path.join(dir, "dist", "hook.cjs"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
