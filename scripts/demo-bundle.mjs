// Bundles scripts/demo.ts (it reuses the end-to-end harness's vitest-free parts) into one file; used
// by scripts/demo.mjs and by test/foundation/demo-bundle.test.ts, which checks what it imports.
import { readFile } from "node:fs/promises";
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

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Writes the demo to `outfile` (dependencies stay imports from node_modules); returns esbuild's metafile. */
export async function bundleDemo(outfile) {
  const result = await build({
    entryPoints: [path.join(root, "scripts/demo.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    metafile: true,
    plugins: [keepModuleUrls],
  });
  return result.metafile;
}
