// `npm run demo` runs outside vitest: a demo that imports vitest (or a helper that calls its inject())
// crashes at once with "Vitest failed to access its internal state". CI runs the demo itself too.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const out = mkdtempSync(path.join(os.tmpdir(), "loopkit demo bundle "));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it("the demo's bundle imports nothing from vitest, and none of the helpers that need a vitest run", async () => {
  const { bundleDemo } = await import(pathToFileURL(path.join(root, "scripts", "demo-bundle.mjs")).href);
  const metafile = await bundleDemo(path.join(out, "demo.mjs"));
  const inputs = Object.keys(metafile.inputs);
  const imports = Object.values(metafile.outputs as Record<string, { imports: Array<{ path: string; external?: boolean }> }>)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external)
    .map((entry) => entry.path);
  expect(inputs).toContain("test/e2e/harness/run-claude.ts");
  expect(imports).toContain("execa");
  expect(imports.filter((name) => /^(vitest|@vitest)(\/|$)/.test(name))).toEqual([]);
  expect(inputs.filter((file) => /test\/support\/(built-plugin|bundle-driver|build-plugin)\.ts$/.test(file))).toEqual([]);
});
