// What loopkit's own record of a project costs where people work: a project with and without a
// node_modules of 100,000 ignored files (sizes like a real one's, 1.5 KB on average), through the
// built CLI and hook the way Claude Code runs them: the loop start (its first snapshot reads every
// file), a Stop (a snapshot, a failing verifier, the checkpoint) after a few files changed, and a Stop
// whose verifier passes twice (the check after it, the audit's diff). In-process, the snapshot and the
// check alone, with their CPU time. Figures only: nothing here asserts a time.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A small project: 50 sources and a test; with `ignored`, a node_modules of that many files too. */
function makeProject(root, name, ignored) {
  const project = path.join(root, name);
  for (let i = 0; i < 50; i++) {
    mkdirSync(path.join(project, "src", `m${i % 5}`), { recursive: true });
    writeFileSync(path.join(project, "src", `m${i % 5}`, `f${i}.ts`), `export const v${i} = ${i};\n`);
  }
  writeFileSync(path.join(project, ".gitignore"), "node_modules/\n");
  let bytes = 0;
  for (let i = 0; i < ignored; i++) {
    // About 1,000 packages of 100 files in a few folders each; sizes spread from 100 B to 6 KB.
    const dir = path.join(project, "node_modules", `pkg${Math.floor(i / 100)}`, ["lib", "dist", "src", ""][i % 4]);
    if (i % 100 < 4) mkdirSync(dir, { recursive: true });
    const size = 100 + ((i * 7919) % 2900) * (i % 3 === 0 ? 2 : 1);
    writeFileSync(path.join(dir, `file${i}.js`), `module.exports = ${i};\n${"/".repeat(size)}\n`);
    bytes += size;
  }
  return { project, bytes };
}

function dirBytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const stat = statSync(path.join(dir, name));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}

export async function benchEvidence(root, { ignored = 100_000, stops = 7 } = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit bench evidence "));
  const cli = path.join(root, "plugins", "loopkit", "dist", "cli.js");
  const hook = path.join(root, "plugins", "loopkit", "dist", "hook.cjs");
  try {
    const data = path.join(tmp, "data");
    // The audit's claude: answers at once with an "unmet" vote, so a passing loop goes on Stop after Stop
    // (the audit's own minutes are Claude's, not loopkit's) and the row is the median of several Stops.
    const audit = path.join(tmp, "audit-claude");
    const reply = { type: "result", subtype: "success", is_error: false, result: 'Not yet.\n{"vote": "unmet", "reasons": ["bench"]}' };
    writeFileSync(audit, `#!${process.execPath}\nprocess.stdout.write(${JSON.stringify(JSON.stringify(reply))});\n`, { mode: 0o755 });
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: tmp,
      LOOPKIT_DATA_DIR: data,
      LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"),
      LOOPKIT_CLAUDE_BIN: audit,
    };
    const time = (args, input) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { input, env, encoding: "utf8", maxBuffer: 64 << 20 });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
      return { ms, stdout: result.stdout };
    };
    const small = makeProject(tmp, "small project", 0);
    const big = makeProject(tmp, "big project", ignored);
    const rows = [];
    /** A loop in `project` with `verify`; returns the start's time and the median Stop (the first Stop, which finds the start's files racy, left out). */
    const loop = (project, verify, n) => {
      const session = `bench-evidence-${++loops}`;
      const start = time(
        [cli, "auto-loop", "--session", session, "--project", project, "--args-stdin"],
        `make it pass --verify ${verify} --max-iterations 1000`,
      ).ms;
      const stop = [];
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < 3; k++) writeFileSync(path.join(project, "src", `m${k}`, `f${k}.ts`), `export const changed = ${i};\n`);
        const payload = JSON.stringify({
          session_id: session,
          transcript_path: path.join(tmp, "t.jsonl"),
          cwd: project,
          hook_event_name: "Stop",
          stop_hook_active: false,
          last_assistant_message: "Changed things.",
        });
        const { ms, stdout } = time([hook], payload);
        if (!/"decision":"block"/.test(stdout)) throw new Error(`unexpected Stop output: ${stdout}`);
        if (verify === "true" && !/unmet/.test(stdout)) throw new Error(`the audit did not vote: ${stdout}`);
        stop.push(ms);
      }
      time([cli, "auto-loop", "--session", session, "--project", project, "--cancel"], "");
      return { start, stop: median(stop.slice(1)) };
    };
    let loops = 0;
    for (const [label, { project }] of [
      ["without node_modules", small],
      [`with ${ignored.toLocaleString("en-US")} ignored files`, big],
    ]) {
      const failing = loop(project, "false", stops);
      // Two passes: the check after the verifier too, the audit's diff, and the audit's "unmet" vote.
      const passing = loop(project, "true", stops);
      rows.push({ label, start: failing.start, stop: failing.stop, pass: passing.stop });
    }
    const store = dirBytes(path.join(data, "evidence"));
    // The snapshot alone, in-process: its CPU time does not depend on what else runs on the machine.
    const bundle = path.join(root, "node_modules", ".cache", "loopkit-bench", `snapshot-${process.pid}.mjs`);
    await build({
      absWorkingDir: root,
      stdin: {
        contents:
          'export { takeSnapshot } from "./src/evidence/snapshot.ts"; export { changesSince } from "./src/evidence/changes-since.ts";',
        resolveDir: root,
        loader: "ts",
      },
      outfile: bundle,
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      logLevel: "warning",
    });
    const { takeSnapshot, changesSince } = await import(pathToFileURL(bundle).href);
    const own = path.join(tmp, "own data");
    const deadline = () => ({ at: Date.now() + 600_000 });
    const cpu = async (step) => {
      const before = process.cpuUsage();
      const start = process.hrtime.bigint();
      const result = await step();
      const used = process.cpuUsage(before);
      return { wall: Number(process.hrtime.bigint() - start) / 1e6, cpu: (used.user + used.system) / 1000, result };
    };
    const snapshot = () => cpu(() => takeSnapshot({ dataDir: own, projectDir: big.project, deadline: deadline() }));
    const cold = await snapshot();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const warm = [];
    const checks = [];
    for (let i = 0; i < 5; i++) {
      for (let k = 0; k < 3; k++)
        writeFileSync(path.join(big.project, "node_modules", `pkg${k}`, "lib", `file${k * 100}.js`), `module.exports = ${i};\n`);
      const taken = await snapshot();
      warm.push(taken);
      checks.push(await cpu(() => changesSince(taken.result, { dataDir: own, projectDir: big.project, deadline: deadline() })));
    }
    const row = (name, ms) => console.log(`  ${name.padEnd(72)} ${ms.toFixed(0).padStart(7)} ms`);
    console.log(
      `evidence benchmark: a project without and with a node_modules of ${ignored.toLocaleString("en-US")} files (${(big.bytes / 1e6).toFixed(0)} MB)`,
    );
    for (const r of rows) {
      row(`loop start (the project's first snapshot), ${r.label}`, r.start);
      row(`Stop, 3 files changed, verifier fails (median of ${stops - 1}), ${r.label}`, r.stop);
      row(
        `Stop, 3 files changed, verifier passes twice (the check after it, the audit's diff; median of ${stops - 1}), ${r.label}`,
        r.pass,
      );
    }
    row("difference at the start (target: at most 5,000)", rows[1].start - rows[0].start);
    row("difference per Stop, verifier fails (target: at most 1,000)", rows[1].stop - rows[0].stop);
    row("difference per Stop, verifier passes twice (target: at most 1,000)", rows[1].pass - rows[0].pass);
    console.log(
      `  loopkit's record of both projects in the data folder: ${(store / 1e6).toFixed(0)} MB (the files' content, once; trees and index)`,
    );
    const both = (r) => `${r.wall.toFixed(0).padStart(7)} ms wall, ${r.cpu.toFixed(0).padStart(6)} ms CPU`;
    console.log(`  the snapshot alone, in-process, ${ignored.toLocaleString("en-US")} ignored files:`);
    console.log(`    first (every file read and stored)                                    ${both(cold)}`);
    const medians = (runs) => ({ wall: median(runs.map((w) => w.wall)), cpu: median(runs.map((w) => w.cpu)) });
    console.log(`    later, 3 files changed (median of 5)                                  ${both(medians(warm))}`);
    console.log(`    the check after the verifier, against the snapshot just taken         ${both(medians(checks))}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(path.join(root, "node_modules", ".cache", "loopkit-bench"), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchEvidence(path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."));
}
