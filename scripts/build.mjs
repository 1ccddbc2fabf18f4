// Bundles src/ into self-contained ESM files under dist/ (no node_modules needed at run time).
// Code splitting keeps dist/hook.js tiny: the heavy modules load only when a loop is active.
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist");

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { hook: "src/hook/main.ts", cli: "src/cli/main.ts" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "none",
  // Bundled CommonJS dependencies (proper-lockfile, graceful-fs) call require() for Node built-ins.
  banner: { js: 'import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url);' },
  logLevel: "warning",
});
