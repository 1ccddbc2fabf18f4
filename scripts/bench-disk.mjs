// What loopkit's record costs on disk in a project with a real node_modules (`npm run bench -- --disk`):
// the packages people have (pinned below; installed once from the npm registry into
// node_modules/.cache/loopkit-bench-deps and reused), a two-iteration auto-loop through the built CLI
// and hook (its start, two Stops whose verifier fails, its cancel), then the data folder's size against
// the project's apparent size (every regular file's bytes). Figures only: nothing here asserts a size.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The packages of issue 29's measurement, at the versions measured. */
export const REAL_DEPS = {
  "@babel/core": "7.29.16",
  "@types/node": "26.6.11",
  eslint: "10.16.0",
  jest: "30.5.2",
  lodash: "4.18.1",
  rxjs: "7.8.2",
  typescript: "7.0.2",
  vite: "8.4.0",
  vitest: "4.1.12",
  webpack: "5.113.0",
};

/** Bytes of every regular file under `dir` (links not followed): what `du --apparent-size` counts for files. */
export function apparentBytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const stat = lstatSync(path.join(dir, name), { throwIfNoEntry: false });
    if (stat?.isFile()) total += stat.size;
  }
  return total;
}

/** A folder holding node_modules of REAL_DEPS, installed once and kept under node_modules/.cache. */
function installedDeps(root) {
  const dir = path.join(root, "node_modules", ".cache", "loopkit-bench-deps");
  if (existsSync(path.join(dir, "node_modules", ".package-lock.json"))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bench-deps", private: true, dependencies: REAL_DEPS }, null, 2));
  console.log(`installing ${Object.keys(REAL_DEPS).length} packages from the npm registry into ${dir} (once)...`);
  const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], {
    cwd: dir,
    stdio: "inherit",
  });
  if (npm.status !== 0) throw new Error(`npm install in ${dir} failed (exit ${npm.status})`);
  return dir;
}

export async function benchDisk(root) {
  const deps = installedDeps(root);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit bench disk "));
  try {
    const project = path.join(tmp, "app");
    mkdirSync(path.join(project, "src"), { recursive: true });
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "app", private: true, dependencies: REAL_DEPS }, null, 2));
    writeFileSync(path.join(project, ".gitignore"), "node_modules/\n");
    writeFileSync(path.join(project, "src", "index.js"), "module.exports = 1;\n");
    cpSync(path.join(deps, "node_modules"), path.join(project, "node_modules"), { recursive: true, verbatimSymlinks: true });
    const data = path.join(tmp, "data");
    const audit = path.join(tmp, "audit-claude");
    writeFileSync(audit, `#!${process.execPath}\n`, { mode: 0o755 });
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: tmp,
      LOOPKIT_DATA_DIR: data,
      LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"),
      LOOPKIT_CLAUDE_BIN: audit,
    };
    const cli = path.join(root, "plugins", "loopkit", "dist", "cli.js");
    const hook = path.join(root, "plugins", "loopkit", "dist", "hook.cjs");
    const run = (args, input) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { input, env, encoding: "utf8", maxBuffer: 64 << 20 });
      if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const start = run([cli, "auto-loop", "--session", "bench-disk", "--project", project, "--args-stdin"], "make it pass --verify false");
    const stops = [];
    for (let i = 0; i < 2; i++) {
      writeFileSync(path.join(project, "src", "index.js"), `module.exports = ${i + 2};\n`);
      const payload = JSON.stringify({
        session_id: "bench-disk",
        transcript_path: path.join(tmp, "t.jsonl"),
        cwd: project,
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: "Changed things.",
      });
      stops.push(run([hook], payload));
    }
    run([cli, "auto-loop", "--session", "bench-disk", "--project", project, "--cancel"], "");
    const projectBytes = apparentBytes(project);
    const dataBytes = apparentBytes(data);
    const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(`disk benchmark: a project with a real node_modules (${Object.keys(REAL_DEPS).join(", ")})`);
    console.log(`  the project's apparent size                                              ${mb(projectBytes).padStart(10)}`);
    console.log(
      `  loopkit's data folder after a two-iteration loop (target: at most 20%)     ${mb(dataBytes).padStart(10)} (${((100 * dataBytes) / projectBytes).toFixed(1)}%)`,
    );
    console.log(`  the loop's start, then each Stop (verifier fails): ${[start, ...stops].map((ms) => `${ms.toFixed(0)} ms`).join(", ")}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchDisk(path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."));
}
