// `npm run bench`: what the Stop hook costs. Spawns bare `node -e 0` and `node dist/hook.cjs` many
// times, interleaved so machine noise hits both alike, and prints medians and the ratio.
// Figures only: nothing here asserts a time.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { runs: { type: "string", default: "60" } } });
const runs = Number(values.runs);
const data = mkdtempSync(path.join(os.tmpdir(), "loopkit bench "));
const env = { PATH: process.env.PATH ?? "", HOME: data, LOOPKIT_DATA_DIR: data };

function timeOnce(args, input) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const stopPayload = JSON.stringify({
  session_id: "bench-session",
  transcript_path: path.join(data, "t.jsonl"),
  cwd: data,
  hook_event_name: "Stop",
  stop_hook_active: false,
  last_assistant_message: "x".repeat(2000),
});

const cases = {
  "node -e 0 (bare start-up)": () => timeOnce(["-e", "0"], ""),
  "hook, no active loop": () => timeOnce([path.join(root, "dist", "hook.cjs")], stopPayload),
};
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let i = 0; i < 3; i++) for (const run of Object.values(cases)) run(); // warm the file cache
for (let i = 0; i < runs; i++) for (const [name, run] of Object.entries(cases)) samples[name].push(run());

const bare = median(samples["node -e 0 (bare start-up)"]);
console.log(`loopkit Stop hook benchmark: median of ${runs} runs each, interleaved`);
for (const [name, xs] of Object.entries(samples)) {
  const m = median(xs);
  console.log(`  ${name.padEnd(34)} ${m.toFixed(1).padStart(7)} ms   ratio ${(m / bare).toFixed(3)}`);
}
const noLoop = median(samples["hook, no active loop"]);
console.log(`no-loop overhead over bare node: ${(((noLoop - bare) / bare) * 100).toFixed(1)}% (target: at most 15%)`);
rmSync(data, { recursive: true, force: true });
