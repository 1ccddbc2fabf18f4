// The plugin as test/support/build-plugin.ts built it for this run, and private copies of it for tests
// that change the plugin folder or must outlive another file's use of it.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

export interface BuiltPlugin {
  /** The plugin folder (what --plugin-dir names), at plugins/loopkit under `checkout`. */
  dir: string;
  /** The folder holding plugins/loopkit, as a checkout of the repository does (GITHUB_ACTION_PATH). */
  checkout: string;
  cli: string;
  hook: string;
}

export interface PluginCopy extends BuiltPlugin {
  remove(): void;
}

function pluginAt(checkout: string): BuiltPlugin {
  const dir = path.join(checkout, "plugins", "loopkit");
  return { dir, checkout, cli: path.join(dir, "dist", "cli.js"), hook: path.join(dir, "dist", "hook.cjs") };
}

/** This run's build, shared by every test file: read it, never change it. */
export const builtPlugin = (): BuiltPlugin => pluginAt(inject("builtPluginCheckout"));

/** A copy of this run's build that is the caller's own (no build: a file copy). */
export function makePluginCopy(): PluginCopy {
  const checkout = mkdtempSync(path.join(os.tmpdir(), "loopkit plugin "));
  cpSync(builtPlugin().checkout, checkout, { recursive: true });
  return { ...pluginAt(checkout), remove: () => rmSync(checkout, { recursive: true, force: true }) };
}
