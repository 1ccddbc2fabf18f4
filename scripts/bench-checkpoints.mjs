// The per-iteration cost of a checkpoint: a generated repository of 20,000 tracked files, a handful
// changed per iteration, and src/checkpoint bundled on the fly and called in-process the way the Stop
// hook calls it. Figures only: nothing here asserts a time.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(fn) {
  const start = process.hrtime.bigint();
  const notes = await fn();
  if (notes.length) throw new Error(`checkpoint failed: ${notes.join("; ")}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchCheckpoints(root, { files = 20_000, changed = 5, iterations = 15 } = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit bench checkpoints "));
  try {
    const project = path.join(tmp, "project");
    const git = (...args) => execFileSync("git", ["-c", "core.hooksPath=/dev/null", ...args], { cwd: project, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
    for (let i = 0; i < files; i++) {
      const dir = path.join(project, `pkg${Math.floor(i / 100)}`);
      if (i % 100 === 0) mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `file${i}.ts`), `export const value${i} = ${i};\n`);
    }
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-q", "-m", "20k files");

    // Inside the repository, so the external dependencies resolve from its node_modules.
    const bundle = path.join(root, "node_modules", ".cache", "loopkit-bench", `take-${process.pid}.mjs`);
    await build({ absWorkingDir: root, entryPoints: ["src/checkpoint/take.ts"], outfile: bundle, bundle: true, platform: "node", format: "esm", packages: "external", logLevel: "warning" });
    const { checkpointIteration } = await import(pathToFileURL(bundle).href);
    const data = path.join(tmp, "data");
    const loop = (loopId) => ({ dataDir: data, projectDir: project, loopId, loopKind: "repeat", stateFile: path.join(data, "s.json") });
    const touch = (iteration) => {
      for (let k = 0; k < changed; k++) writeFileSync(path.join(project, `pkg${k}`, `file${k * 100}.ts`), `export const changed = ${iteration};\n`);
    };
    const facts = (iteration) => ({ iteration, verdict: "fail", tokens: null });

    touch(1);
    const first = await time(() => checkpointIteration(loop("bench"), facts(1), new Date()));
    const rest = [];
    for (let i = 2; i <= iterations + 1; i++) {
      touch(i);
      rest.push(await time(() => checkpointIteration(loop("bench"), facts(i), new Date())));
    }
    // Without any stat cache to start from (the person's index moved away), every file is hashed once.
    renameSync(path.join(project, ".git", "index"), path.join(tmp, "index"));
    const cold = await time(() => checkpointIteration(loop("cold"), facts(1), new Date()));
    renameSync(path.join(tmp, "index"), path.join(project, ".git", "index"));

    // For scale: one plain `git status` of the same tree, which stats every file too.
    const status = [];
    for (let i = 0; i < 5; i++) status.push(await time(async () => (git("status", "--porcelain"), [])));

    const row = (name, ms) => console.log(`  ${name.padEnd(70)} ${ms.toFixed(1).padStart(8)} ms`);
    console.log(`checkpoint benchmark: ${files} tracked files, ${changed} changed per iteration`);
    row(`per iteration (median of ${rest.length})`, median(rest));
    row("first checkpoint of a loop (private index seeded from the person's)", first);
    row("first checkpoint with no index to seed from (every file hashed)", cold);
    row("for scale: git status --porcelain of the same tree (median of 5)", median(status));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(path.join(root, "node_modules", ".cache", "loopkit-bench"), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchCheckpoints(path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."));
}
