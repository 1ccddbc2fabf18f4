// Bundles scripts/demo.ts (it reuses the end-to-end harness) and runs it. Needs `npm ci` first.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

// The harness finds the repository from its own import.meta.url/dirname: keep each file's original one.
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, "utf8"))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path))),
      loader: "ts",
    }));
  },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Inside the repository, so the bundle's imports of dependencies resolve from node_modules.
mkdirSync(path.join(root, "node_modules", ".cache"), { recursive: true });
const out = mkdtempSync(path.join(root, "node_modules", ".cache", "loopkit-demo-"));
try {
  const outfile = path.join(out, "demo.mjs");
  await build({
    entryPoints: [path.join(root, "scripts/demo.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    plugins: [keepModuleUrls],
  });
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(out, { recursive: true, force: true });
}
