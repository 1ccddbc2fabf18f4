// vitest's globalSetup: one build of src/ per `vitest run`, into a private plugin folder outside the
// checkout, for every test that runs the bundle. Private, so that a concurrent `npm run build` (it
// rewrites dist/ in place) cannot pull files from under a running hook, and so that the committed dist/
// is never written: test/foundation/dist-fresh.test.ts compares it with this build and fails when stale.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder holding plugins/loopkit, freshly built from src/ (see test/support/built-plugin.ts). */
    builtPluginCheckout: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const PLUGIN = path.join(ROOT, "plugins", "loopkit");

function build(checkout: string) {
  const dir = path.join(checkout, "plugins", "loopkit");
  rmSync(dir, { recursive: true, force: true });
  for (const part of readdirSync(PLUGIN).filter((name) => name !== "dist"))
    cpSync(path.join(PLUGIN, part), path.join(dir, part), { recursive: true });
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs"), "--outdir", path.join(dir, "dist")], {
    cwd: ROOT,
    stdio: "pipe",
  });
}

export default function setup(project: TestProject) {
  const checkout = mkdtempSync(path.join(os.tmpdir(), "loopkit built plugin "));
  build(checkout);
  project.provide("builtPluginCheckout", checkout);
  // In watch mode the sources change between runs: build again before each rerun.
  project.onTestsRerun(() => build(checkout));
  return () => rmSync(checkout, { recursive: true, force: true });
}
