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
/** A row's figure with its spread: the median, and the lowest and highest of the runs. */
const spread = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length });
const fmt = (r) => `${r.median.toFixed(0).padStart(6)} ms  (${r.min.toFixed(0)}-${r.max.toFixed(0)}, n=${r.n})`;

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
    const changeThree = (project, i) => {
      for (let k = 0; k < 3; k++) writeFileSync(path.join(project, "src", `m${k}`, `f${k}.ts`), `export const changed = ${i};\n`);
    };
    const stopPayload = (session, project, message) =>
      JSON.stringify({
        session_id: session,
        transcript_path: path.join(tmp, "t.jsonl"),
        cwd: project,
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: message,
      });
    /** An auto-loop in `project` with `verify`: its start's time and its Stops' (the first Stop, which finds the start's files racy, left out). */
    const loop = (project, verify, n) => {
      const session = `bench-evidence-${++loops}`;
      const start = time(
        [cli, "auto-loop", "--session", session, "--project", project, "--args-stdin"],
        `make it pass --verify ${verify} --max-iterations 1000`,
      ).ms;
      const stop = [];
      for (let i = 0; i < n; i++) {
        changeThree(project, i);
        const { ms, stdout } = time([hook], stopPayload(session, project, "Changed things."));
        if (!/"decision":"block"/.test(stdout)) throw new Error(`unexpected Stop output: ${stdout}`);
        if (verify === "true" && !/unmet/.test(stdout)) throw new Error(`the audit did not vote: ${stdout}`);
        stop.push(ms);
      }
      time([cli, "auto-loop", "--session", session, "--project", project, "--cancel"], "");
      return { start, stop: stop.slice(1) };
    };
    /** `n` repeat loops in `project`, each started and its first iteration's Stop (its checkpoint) timed. */
    const repeatLoops = (project, n) => {
      const starts = [];
      const stops = [];
      for (let i = 0; i < n; i++) {
        const session = `bench-evidence-${++loops}`;
        starts.push(
          time([cli, "repeat", "--session", session, "--project", project, "--args-stdin"], "1h --iterations 5 check the build").ms,
        );
        changeThree(project, 100 + i);
        const { ms, stdout } = time([hook], stopPayload(session, project, "Checked.\nREPEAT-RESULT: pass - ok"));
        if (!/next 2\/5/.test(stdout)) throw new Error(`unexpected repeat Stop output: ${stdout}`);
        stops.push(ms);
        time([cli, "repeat", "--session", session, "--project", project, "--cancel"], "");
      }
      return { starts, stops };
    };
    let loops = 0;
    for (const [label, { project }] of [
      ["without node_modules", small],
      [`with ${ignored.toLocaleString("en-US")} ignored files`, big],
    ]) {
      const failing = loop(project, "false", stops);
      // Two passes: the check after the verifier too, the audit's diff, and the audit's "unmet" vote.
      const passing = loop(project, "true", stops);
      const repeat = repeatLoops(project, Math.max(3, stops - 2));
      rows.push({
        label,
        start: failing.start,
        stop: spread(failing.stop),
        pass: spread(passing.stop),
        repeatStart: spread(repeat.starts),
        repeatStop: spread(repeat.stops),
      });
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
    const row = (name, figure) =>
      console.log(`  ${name.padEnd(104)} ${typeof figure === "number" ? `${figure.toFixed(0).padStart(6)} ms` : fmt(figure)}`);
    console.log(
      `evidence benchmark: a project without and with a node_modules of ${ignored.toLocaleString("en-US")} files (${(big.bytes / 1e6).toFixed(0)} MB); median (lowest-highest, runs)`,
    );
    for (const r of rows) {
      row(`auto-loop start (the project's first snapshot, the verifier's baseline run), ${r.label}`, r.start);
      row(`auto-loop Stop, 3 files changed, verifier fails, ${r.label}`, r.stop);
      row(`auto-loop Stop, 3 files changed, verifier passes twice (check after it, audit's diff), ${r.label}`, r.pass);
      row(`repeat start (a snapshot, the store already warm), ${r.label}`, r.repeatStart);
      row(`repeat iteration's Stop, 3 files changed (its checkpoint), ${r.label}`, r.repeatStop);
    }
    const [without, withIgnored] = rows;
    row("difference at the auto-loop start (issue 29's target: at most 3,000)", withIgnored.start - without.start);
    row("difference per Stop, verifier fails (target: at most 500)", withIgnored.stop.median - without.stop.median);
    row("difference per Stop, verifier passes twice (target: at most 500)", withIgnored.pass.median - without.pass.median);
    row(
      "difference per repeat iteration (target: no more than an auto-loop Stop's)",
      withIgnored.repeatStop.median - without.repeatStop.median,
    );
    console.log(
      `  loopkit's record of both projects in the data folder: ${(store / 1e6).toFixed(0)} MB (the files' content, once; trees and index)`,
    );
    const both = (r) => `${r.wall.toFixed(0).padStart(7)} ms wall, ${r.cpu.toFixed(0).padStart(6)} ms CPU`;
    console.log(`  the snapshot alone, in-process, ${ignored.toLocaleString("en-US")} ignored files:`);
    console.log(`    first (every file read and stored)                                    ${both(cold)}`);
    const medians = (runs) => ({ wall: median(runs.map((w) => w.wall)), cpu: median(runs.map((w) => w.cpu)) });
    console.log(`    later, 3 files changed (median of 5)                                  ${both(medians(warm))}`);
    console.log(`    the check after the verifier, against the snapshot just taken         ${both(medians(checks))}`);
    return { rows, snapshot: medians(warm), check: medians(checks) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(path.join(root, "node_modules", ".cache", "loopkit-bench"), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchEvidence(path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."));
}
