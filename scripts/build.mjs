// Bundles src/ into self-contained ESM files under plugins/loopkit/dist/ (the shipped plugin: no
// node_modules needed at run time). Code splitting keeps dist/hook.cjs tiny: the heavy modules load only
// when a loop is active. `node scripts/build.mjs --outdir DIR` builds elsewhere (the staleness test
// compares the two).
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const plugin = path.join(root, "plugins", "loopkit");
const { values } = parseArgs({ options: { outdir: { type: "string" } } });
const outdir = path.resolve(values.outdir ?? path.join(plugin, "dist"));

await rm(outdir, { recursive: true, force: true });
const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
};

// The CLI, the hook's active path and the GitHub Action's run step: ESM with shared chunks.
const esm = await build({
  ...common,
  metafile: true,
  entryPoints: {
    cli: "src/cli/main.ts",
    "hook-active": "src/hook/dispatch.ts",
    "statusline-active": "src/statusline/describe.ts",
    action: "src/action/main.ts",
    "sandbox-exec": "src/sandbox/exec-main.ts",
  },
  splitting: true,
  format: "esm",
  chunkNames: "chunks/[name]-[hash]",
  // The sandbox library's TLS termination (node-forge, 600 KB) is never configured by loopkit.
  alias: { "node-forge": "./scripts/node-forge-absent.js" },
  // Bundled CommonJS dependencies (proper-lockfile, graceful-fs) call require() for Node built-ins,
  // and a CommonJS dependency that reads __filename would find it undefined in ESM.
  define: { __filename: "__loopkitFilename" },
  banner: {
    js: 'import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;',
  },
});

// The sandbox library's files that cannot be bundled, where it looks for them beside the bundle:
// the Linux seccomp helpers (the filter that blocks Unix sockets and nested namespaces), the JVM proxy
// agent (12 KB; without it the library looks for a global npm install at each start), and its licence.
// Not vendor/srt-win (7.6 MB): Claude Code's sandbox does not run on Windows, nor does loopkit's.
const sandboxRuntime = path.join(root, "node_modules", "@anthropic-ai", "sandbox-runtime");
for (const file of [
  "vendor/seccomp/x64/apply-seccomp",
  "vendor/seccomp/arm64/apply-seccomp",
  "vendor/java-proxy-agent/srt-proxy-agent.jar",
  "LICENSE",
]) {
  const target = path.join(outdir, file === "LICENSE" ? "vendor/sandbox-runtime-LICENSE" : file);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(path.join(sandboxRuntime, file), target);
}

// `import { z } from "zod"` makes the bundle keep all of zod (its locales, JSON-Schema code): every
// active hook would load it. `import * as z from "zod"` lets the bundler drop what loopkit never uses.
const wholeZod = Object.values(esm.metafile.outputs)
  .flatMap((output) => Object.entries(output.inputs))
  .filter(([file, { bytesInOutput }]) => bytesInOutput > 0 && /node_modules\/zod\/.*\/locales\/(?!en\.)/.test(file));
if (wholeZod.length > 0) {
  throw new Error(
    `the bundle holds all of zod (${wholeZod.length} locale files): a source file imports it as \`import { z } from "zod"\`; use \`import * as z from "zod"\``,
  );
}

// The hook entry and the status line's: small CommonJS files (CommonJS starts measurably faster than
// ESM), which load dist/hook-active.js or dist/statusline-active.js only when the session owns a loop.
await build({
  ...common,
  entryPoints: { hook: "src/hook/main.ts", statusline: "src/statusline/main.ts" },
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  define: { "import.meta.url": "__loopkitEntryUrl" },
  banner: { js: 'const __loopkitEntryUrl = require("node:url").pathToFileURL(__filename).href;' },
});

// dist/package.json marks the .js files as ES modules. The plugin folder has no package.json of its own
// (one with a lockfile makes Claude Code run `npm ci` in the plugin cache), and without a marker Node
// reads them as CommonJS: refused before Node 20.19 / 22.7, parsed twice (CommonJS, then ESM) after.
await writeFile(path.join(outdir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);

// The plugin's schemas/: the JSON Schema of each JSON output, from its zod schema (only for the real dist/).
if (values.outdir === undefined) {
  // Inside the repository (.tmp/ is ignored), so that the generator finds zod in node_modules.
  await mkdir(path.join(root, ".tmp"), { recursive: true });
  const temp = await mkdtemp(path.join(root, ".tmp", "schemas-"));
  try {
    await build({
      ...common,
      outdir: temp,
      entryPoints: { "json-schemas": "scripts/json-schemas.ts" },
      packages: "external",
      format: "esm",
      outExtension: { ".js": ".mjs" },
    });
    const { jsonSchemaFiles } = await import(pathToFileURL(path.join(temp, "json-schemas.mjs")).href);
    await rm(path.join(plugin, "schemas"), { recursive: true, force: true });
    await mkdir(path.join(plugin, "schemas"));
    for (const [name, text] of Object.entries(jsonSchemaFiles())) await writeFile(path.join(plugin, "schemas", name), text);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
