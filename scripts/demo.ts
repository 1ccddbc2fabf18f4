// `npm run demo`: the real claude CLI with this plugin, offline against a scripted model on 127.0.0.1.
// Shows a /loopkit:repeat loop and a /loopkit:auto-loop reaching a proven goal, then what they left.
// It runs outside vitest: it imports only the harness's vitest-free parts (test/demo.test.ts checks).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeModel } from "../test/e2e/harness/fake-model.js";
import { makeSandbox, runClaude, type ClaudeRun } from "../test/e2e/harness/run-claude.js";
import { bash, loopScript } from "../test/e2e/loop-scripts.js";
import { iterationScript, result } from "../test/e2e/repeat-helpers.js";
import { buildPluginInto } from "../test/support/plugin-build.js";

const say = (line = "") => process.stdout.write(`${line}\n`);

/** What loopkit showed the person (its systemMessage lines) during a run. */
function messages(run: ClaudeRun): string[] {
  return run.hookEvents
    .filter((event) => event.subtype === "hook_response" && event.stdout)
    .flatMap((event) => {
      try {
        const message = (JSON.parse(event.stdout) as { systemMessage?: string }).systemMessage;
        return message ? [message] : [];
      } catch {
        return [];
      }
    });
}

/** Where the demo keeps each loop's report: its data folder goes with the demo, so `loopkit report <id>` could not write it afterwards. */
const reports = path.join(os.tmpdir(), "loopkit demo reports");

/** loopkit's lines of a run, and each loop's report written where it outlives the demo. */
function show(run: ClaudeRun): void {
  for (const line of messages(run)) {
    say(`   [shown to the person] ${line}`);
    const loopId = /loopkit report ([A-Za-z0-9][\w-]*)/.exec(line)?.[1];
    if (loopId) say(`   [the demo] that report, written before the demo's data folder goes: ${keepReport(loopId)}`);
  }
}

function keepReport(loopId: string): string {
  mkdirSync(reports, { recursive: true });
  const file = path.join(reports, `${loopId}.html`);
  const ran = spawnSync(process.execPath, [path.join(pluginDir, "dist", "cli.js"), "report", loopId, "--output", file], {
    encoding: "utf8",
    cwd: sandbox.project,
    env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, ...env },
  });
  return ran.status === 0 ? file : `not written (${ran.stderr.trim() || `exit ${ran.status}`})`;
}

const model = await startFakeModel([]);
const sandbox = await makeSandbox();
// This checkout's plugin, built from src/ into the demo's own folder (the checkout's dist/ is left as it is).
const pluginDir = buildPluginInto(path.join(sandbox.root, "loopkit checkout"));
const data = path.join(sandbox.root, "loopkit data");
const stats = path.join(sandbox.root, "stats.json");
const env = { LOOPKIT_DATA_DIR: data, LOOPKIT_STATS_FILE: stats };
try {
  say('== /loopkit:repeat 5s --iterations 3 "check that README.md exists"');
  say("   (the demo lowers the 1-minute floor to 5 s with the test-only LOOPKIT_REPEAT_MIN_INTERVAL_MS)");
  const { script } = iterationScript([
    result("REPEAT-RESULT: pass - README.md is there", "I looked."),
    result("REPEAT-RESULT: fail - README.md is empty?", "Hmm."),
    result("REPEAT-RESULT: pass - README.md is there again", "Looked again."),
  ]);
  model.setScript(script);
  const repeat = await runClaude({
    model,
    sandbox,
    prompt: '/loopkit:repeat 5s --iterations 3 "check that README.md exists"',
    pluginDir,
    env: { ...env, LOOPKIT_REPEAT_MIN_INTERVAL_MS: "5000" },
    timeoutMs: 120_000,
  });
  show(repeat);
  const record = (JSON.parse(readFileSync(stats, "utf8")) as { loop_runs: unknown[] }).loop_runs.at(-1);
  say(`   stats record: ${JSON.stringify(record)}`);

  say();
  say('== /loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi');
  say("   turn 1 writes the wrong text, turn 2 fixes it; the verifier must pass twice and a fresh audit must agree");
  model.setScript(
    loopScript({
      turns: [bash("echo wrong > hello.txt"), bash("echo hi > hello.txt")],
      vote: () => 'I read hello.txt: it says hi.\n{"vote": "achieved", "reasons": ["hello.txt says hi"]}',
    }),
  );
  const autoLoop = await runClaude({
    model,
    sandbox,
    prompt: '/loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi',
    pluginDir,
    args: ["--allowedTools", "Bash"],
    env,
    timeoutMs: 180_000,
  });
  show(autoLoop);
  say("   --status:");
  const status = spawnSync(
    process.execPath,
    [path.join(pluginDir, "dist", "cli.js"), "auto-loop", "--project", sandbox.project, "--status"],
    {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, ...env },
    },
  );
  for (const line of status.stdout.trimEnd().split("\n")) say(`     ${line}`);
  say();
  say(
    `model requests: ${model.requests.length}; anything that tried to leave 127.0.0.1: ${model.unexpected.length ? model.unexpected.join(", ") : "nothing"}`,
  );
} finally {
  await model.close();
  await sandbox.cleanup();
}
