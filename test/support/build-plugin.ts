// vitest's globalSetup: one build of src/ per `vitest run`, into a private plugin folder outside the
// checkout, for every test that runs the bundle. Private, so that a concurrent `npm run build` (it
// rewrites dist/ in place) cannot pull files from under a running hook, and so that the committed dist/
// is never written: test/foundation/dist-fresh.test.ts compares it with this build and fails when stale.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildPluginInto } from "./plugin-build.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder holding plugins/loopkit, freshly built from src/ (see test/support/built-plugin.ts). */
    builtPluginCheckout: string;
  }
}

export default function setup(project: TestProject) {
  const checkout = mkdtempSync(path.join(os.tmpdir(), "loopkit built plugin "));
  buildPluginInto(checkout);
  project.provide("builtPluginCheckout", checkout);
  // In watch mode the sources change between runs: build again before each rerun.
  project.onTestsRerun(() => void buildPluginInto(checkout));
  return () => rmSync(checkout, { recursive: true, force: true });
}
