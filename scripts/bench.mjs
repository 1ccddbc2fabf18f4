// `npm run bench`: what the hook costs. Spawns bare `node -e 0` and `node dist/hook.cjs` many times,
// interleaved so machine noise hits both alike, and prints medians and the ratio: in a session with no
// loop, for an event that decides nothing in a session that owns a loop (a prompt the person types),
// and for the active path of each loop kind. Figures only: nothing here asserts a time.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchDisk } from "./bench-disk.mjs";
import { benchEvidence } from "./bench-evidence.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// --disk: also the disk a real node_modules' record takes (scripts/bench-disk.mjs; installs its packages once).
// --scale: the evidence rows at 300,000 ignored files too, and each Stop's cost there against 100,000's.
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "60" },
    disk: { type: "boolean", default: false },
    scale: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
/** The load average (1, 5 and 15 minutes): the bench's figures say how idle the machine was. */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const loadAtStart = loadAverage();
const data = mkdtempSync(path.join(os.tmpdir(), "loopkit bench "));
// LOOPKIT_CLAUDE_BIN: an auto-loop start wants an executable for the audit; the bench's verifier fails, so it never runs.
const env = {
  PATH: process.env.PATH ?? "",
  HOME: data,
  LOOPKIT_DATA_DIR: data,
  LOOPKIT_STATS_FILE: path.join(data, "stats.json"),
  LOOPKIT_CLAUDE_BIN: process.execPath,
};
const CLI = path.join(root, "plugins", "loopkit", "dist", "cli.js");
const HOOK = path.join(root, "plugins", "loopkit", "dist", "hook.cjs");

function spawnNode(args, input) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const event = (session, name, extra = {}) =>
  JSON.stringify({ session_id: session, transcript_path: path.join(data, "t.jsonl"), cwd: data, hook_event_name: name, ...extra });
const stopPayload = (session, message) => event(session, "Stop", { stop_hook_active: false, last_assistant_message: message });

let loops = 0;
/** Starts a loop of `kind` (untimed) in a fresh session and project; returns the session id. */
function startLoop(kind, args) {
  const session = `bench-${kind}-${++loops}`;
  const project = path.join(data, `project ${loops}`);
  mkdirSync(project);
  spawnNode([CLI, kind, "--session", session, "--project", project, "--args-stdin"], args);
  return session;
}

/** The hook must have answered as the row says, or the figure would time something else. */
function hook(payload, expect) {
  const { ms, stdout } = spawnNode([HOOK], payload);
  if (!expect(stdout)) throw new Error(`unexpected hook output for ${payload.slice(0, 80)}: ${JSON.stringify(stdout)}`);
  return ms;
}
const silent = (stdout) => stdout === "";

// The person's prompts come while the loop waits (its first iteration recorded, untimed).
const repeatSession = startLoop("repeat", "1h --iterations 5 check the build");
hook(stopPayload(repeatSession, "Built.\nREPEAT-RESULT: pass - ok"), (out) => /next 2\/5/.test(out));
const repeatRunning = startLoop("repeat", "1h --iterations 5 check the build");
const autoLoopSession = startLoop("auto-loop", "make it pass --verify false --max-iterations 1000");

const ROWS = [
  ["no active loop (Stop)", () => hook(stopPayload("bench-no-loop", "x".repeat(2000)), silent)],
  [
    "repeat loop, a prompt the person types (it waits)",
    () => hook(event(repeatSession, "UserPromptSubmit", { prompt: "what is next?" }), silent),
  ],
  // Rare (a prompt typed during an iteration, or after Esc cut one off): the active path reads the transcript.
  [
    "repeat loop, a prompt during an iteration (active)",
    () => hook(event(repeatRunning, "UserPromptSubmit", { prompt: "what is next?", prompt_id: "p-2" }), silent),
  ],
  // It pauses the loop (the first time) and tells the model so: the active path, a locked state write.
  [
    "auto-loop, a prompt the person types (active: it pauses the loop)",
    () => hook(event(autoLoopSession, "UserPromptSubmit", { prompt: "what is next?" }), (out) => /additionalContext/.test(out)),
  ],
  // Active paths (the loop start before each is untimed): zod validation, locked state and stats
  // writes, the decision, marker removal; for the auto-loop the verifier run (`false`: no audit).
  [
    "repeat loop, final Stop (active)",
    () =>
      hook(stopPayload(startLoop("repeat", "--iterations 1 check the build"), "Built.\nREPEAT-RESULT: pass - ok"), (out) =>
        /repeat ended/.test(out),
      ),
  ],
  [
    "auto-loop, Stop with a failing verifier (active)",
    () =>
      hook(stopPayload(startLoop("auto-loop", "make it pass --verify false"), "Changed things."), (out) => /"decision":"block"/.test(out)),
  ],
  // A typed /loopkit:<kind> command (hooks.json's matcher starts the hook for no other command): the
  // hook answers --status itself (the status in its block reason), with no model turn.
  [
    "a typed /loopkit:repeat --status (hook + CLI)",
    () =>
      hook(
        event("bench-typed", "UserPromptExpansion", {
          expansion_type: "slash_command",
          command_name: "loopkit:repeat",
          command_source: "plugin",
          command_args: "--status",
          prompt: "/loopkit:repeat --status",
        }),
        (out) => /"decision":"block".*repeat: no loop has run/.test(out),
      ),
  ],
];

/** Runs `subject` and bare node alternately (after a warm-up) and returns both medians. */
function compare(subject) {
  const bare = () => spawnNode(["-e", "0"], "").ms;
  for (let i = 0; i < 3; i++) (bare(), subject());
  const xs = { bare: [], subject: [] };
  for (let i = 0; i < runs; i++) {
    xs.bare.push(bare());
    xs.subject.push(subject());
  }
  return { bare: median(xs.bare), subject: median(xs.subject) };
}

// One block per row, each against its own bare figure: the active paths write files and spawn the
// CLI, which would disturb the other figures if all were interleaved.
console.log(`loopkit hook benchmark: median of ${runs} runs each, each interleaved with bare node (node -e 0)`);
console.log(`  ${"hook event".padEnd(50)} ${"bare".padStart(8)} ${"hook".padStart(8)}   ratio`);
for (const [name, subject] of ROWS) {
  const { bare, subject: ms } = compare(subject);
  console.log(`  ${name.padEnd(50)} ${bare.toFixed(1).padStart(5)} ms ${ms.toFixed(1).padStart(5)} ms   ${(ms / bare).toFixed(3)}`);
}
console.log(`targets: no loop at most 1.15; an event that decides nothing in a loop's session at most 1.5`);
rmSync(data, { recursive: true, force: true });
console.log("");
const small = await benchEvidence(root);
if (values.scale) {
  console.log("");
  const big = await benchEvidence(root, { ignored: 300_000 });
  // What loopkit adds at each size: the Stop with node_modules less the Stop without.
  const added = (r, key) => r.rows[1][key].median - r.rows[0][key].median;
  for (const [key, name] of [
    ["stop", "Stop, verifier fails"],
    ["pass", "Stop, verifier passes twice"],
    ["repeatStop", "repeat iteration's Stop"],
  ])
    console.log(
      `  ${`${name}: added at 300,000 files / added at 100,000 (target: at most 1.5)`.padEnd(104)} ${(added(big, key) / Math.max(1, added(small, key))).toFixed(2)}`,
    );
}
if (values.disk) await benchDisk(root);
console.log(
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}; load average at the end ${loadAverage()} (at the start ${loadAtStart})`,
);
