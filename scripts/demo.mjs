// Bundles scripts/demo.ts (it reuses the end-to-end harness) and runs it. Needs `npm ci` first.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleDemo, root } from "./demo-bundle.mjs";

// Inside the repository, so the bundle's imports of dependencies resolve from node_modules.
mkdirSync(path.join(root, "node_modules", ".cache"), { recursive: true });
const out = mkdtempSync(path.join(root, "node_modules", ".cache", "loopkit-demo-"));
try {
  const outfile = path.join(out, "demo.mjs");
  await bundleDemo(outfile);
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(out, { recursive: true, force: true });
}
