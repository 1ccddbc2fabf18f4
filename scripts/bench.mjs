// `npm run bench`: what the Stop hook costs. Spawns bare `node -e 0` and `node dist/hook.cjs` many
// times, interleaved so machine noise hits both alike, and prints medians and the ratio.
// Figures only: nothing here asserts a time.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchCheckpoints } from "./bench-checkpoints.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { runs: { type: "string", default: "60" } } });
const runs = Number(values.runs);
const data = mkdtempSync(path.join(os.tmpdir(), "loopkit bench "));
const env = { PATH: process.env.PATH ?? "", HOME: data, LOOPKIT_DATA_DIR: data };

function timeOnce(args, input, extraEnv = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env: { ...env, ...extraEnv }, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const stopPayload = JSON.stringify({
  session_id: "bench-session",
  transcript_path: path.join(data, "t.jsonl"),
  cwd: data,
  hook_event_name: "Stop",
  stop_hook_active: false,
  last_assistant_message: "x".repeat(2000),
});

const project = path.join(data, "project");
mkdirSync(project);
let loops = 0;
/** Active path: a repeat loop with one iteration is started (untimed), then its Stop is timed:
 * zod validation, locked state and stats writes, the decision, marker removal. */
function activeStop() {
  const session = `bench-active-${++loops}`;
  const started = spawnSync(process.execPath, [path.join(root, "dist", "cli.js"), "repeat", "--session", session, "--project", project, "--args-stdin"], {
    input: "--iterations 1 check the build",
    env: { ...env, LOOPKIT_STATS_FILE: path.join(data, "stats.json") },
    encoding: "utf8",
  });
  if (started.status !== 0) throw new Error(`could not start a bench loop: ${started.stderr}`);
  const payload = JSON.stringify({ ...JSON.parse(stopPayload), session_id: session, last_assistant_message: "Built.\nREPEAT-RESULT: pass - ok" });
  return timeOnce([path.join(root, "dist", "hook.cjs")], payload, { LOOPKIT_STATS_FILE: path.join(data, "stats.json") });
}

const bare = () => timeOnce(["-e", "0"], "");
const noLoop = () => timeOnce([path.join(root, "dist", "hook.cjs")], stopPayload);

/** Runs `subject` and bare node alternately (after a warm-up) and returns both medians. */
function compare(subject) {
  for (let i = 0; i < 3; i++) bare(), subject();
  const xs = { bare: [], subject: [] };
  for (let i = 0; i < runs; i++) {
    xs.bare.push(bare());
    xs.subject.push(subject());
  }
  return { bare: median(xs.bare), subject: median(xs.subject) };
}

// Two separate blocks: the active path writes files and spawns the CLI, which would disturb the
// no-loop figure if the three were interleaved.
const idle = compare(noLoop);
const active = compare(activeStop);
const row = (name, ms, base) => console.log(`  ${name.padEnd(40)} ${ms.toFixed(1).padStart(7)} ms   ratio ${(ms / base).toFixed(3)}`);
console.log(`loopkit Stop hook benchmark: median of ${runs} runs each, each interleaved with bare node`);
row("node -e 0 (bare start-up)", idle.bare, idle.bare);
row("hook, no active loop", idle.subject, idle.bare);
row("node -e 0 (bare start-up, second block)", active.bare, active.bare);
row("hook, active loop (repeat, final Stop)", active.subject, active.bare);
console.log(`no-loop overhead over bare node: ${(((idle.subject - idle.bare) / idle.bare) * 100).toFixed(1)}% (target: at most 15%)`);
rmSync(data, { recursive: true, force: true });
console.log("");
await benchCheckpoints(root);
