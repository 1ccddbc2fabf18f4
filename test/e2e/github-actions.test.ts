// `loopkit run` in a simulated GitHub Actions step (GITHUB_ACTIONS=true, the runner's summary and
// output files in a temporary folder), through the real claude CLI and the scripted model: the job
// summary, the step outputs, the log groups and the exit code; and the composite action's run step
// (action.yml's script and variables, dist/action.js) with the record it gathers for the artifact.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { FakeModel } from "./harness/fake-model.js";
import { CLAUDE_BIN, claudeEnv, REPO_ROOT, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, loopScript, plugin, runLoopkit, status } from "./auto-loop-helpers.js";
import { requireSystemTools } from "../support/system-tools.js";

const VERIFY = `test "$(cat hello.txt)" = hi`;
const ACHIEVED = '{"vote": "achieved", "reasons": ["hello.txt says hi"]}';
/** The agent tries the runner's file commands and prints a workflow command of its own. */
const PLANT = `echo "GITHUB_OUTPUT=\${GITHUB_OUTPUT:-unset} GITHUB_ENV=\${GITHUB_ENV:-unset}" > seen-env.txt`;
const AGENT_COMMAND = "::error::planted by the agent";

let model: FakeModel;
let sandbox: Sandbox;
let runner: { summary: string; output: string; env: string; temp: string };
/** The runner's summary, output and environment files, and its temp folder, in each fresh sandbox. */
async function makeRunnerFiles() {
  const dir = path.join(sandbox.root, "runner files");
  runner = {
    summary: path.join(dir, "step_summary"),
    output: path.join(dir, "set_output"),
    env: path.join(dir, "set_env"),
    temp: path.join(dir, "temp"),
  };
  await execa("mkdir", ["-p", runner.temp]);
  for (const file of [runner.summary, runner.output, runner.env]) writeFileSync(file, "");
}
const useRunner = (scope: "test" | "file") =>
  useModelAndSandbox({ sandbox: scope, setUp: makeRunnerFiles }, (world) => ({ model, sandbox } = world));
afterAll(() => plugin.remove());

const actionsEnv = () => ({
  GITHUB_ACTIONS: "true",
  GITHUB_STEP_SUMMARY: runner.summary,
  GITHUB_OUTPUT: runner.output,
  GITHUB_ENV: runner.env,
  RUNNER_TEMP: runner.temp,
});

const loopkitRun = (args: string[], env: Record<string, string>) => runLoopkit(model, sandbox, args, env);

/**
 * action.yml's run step as the runner runs it: its env with the inputs (or their defaults) and
 * runner.temp filled in, its script from a file under bash in the checkout, GITHUB_ACTION_PATH the
 * plugin copy's checkout (the action runs plugins/loopkit/dist/action.js under it).
 * The install step is stood in for by linking the pinned claude where it would have put it.
 */
function actionStep(inputs: Partial<Record<string, string>>, env: Record<string, string> = {}) {
  const action = parse(readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8"));
  const step = action.runs.steps.find((s: { id?: string }) => s.id === "run");
  const expand = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
      if (expression === "runner.temp") return runner.temp;
      const input = /^inputs\.([\w-]+)$/.exec(expression)?.[1];
      if (!input || !(input in action.inputs)) throw new Error(`the test does not know \${{ ${expression} }}`);
      return inputs[input] ?? action.inputs[input].default;
    });
  const stepEnv = Object.fromEntries(Object.entries(step.env as Record<string, string>).map(([name, value]) => [name, expand(value)]));
  mkdirSync(path.dirname(stepEnv.LOOPKIT_CLAUDE_BIN!), { recursive: true });
  if (!existsSync(stepEnv.LOOPKIT_CLAUDE_BIN!)) symlinkSync(CLAUDE_BIN, stepEnv.LOOPKIT_CLAUDE_BIN!);
  // As the runner runs a step's script: from a file, with `bash --noprofile --norc -eo pipefail {0}`.
  const script = path.join(runner.temp, "step-script.sh");
  writeFileSync(script, step.run);
  return execa("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
    cwd: sandbox.project,
    env: claudeEnv(model, sandbox, {
      LOOPKIT_AUDIT_TIMEOUT_MS: "60000",
      ...actionsEnv(),
      GITHUB_ACTION_PATH: plugin.checkout,
      ...stepEnv,
      ...env,
    }),
    extendEnv: false,
    reject: false,
    timeout: 240_000,
  });
}

/** GITHUB_OUTPUT in the delimiter format, read the way the runner reads it. */
function readOutputs(): Record<string, string> {
  const lines = readFileSync(runner.output, "utf8").split("\n");
  const outputs: Record<string, string> = {};
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^([A-Za-z_][\w-]*)<<(.+)$/.exec(lines[i]!);
    if (!match) {
      expect(lines[i], "every output line is in the delimiter format").toBe("");
      continue;
    }
    const end = lines.indexOf(match[2]!, i + 1);
    expect(end, `output ${match[1]} is closed by its delimiter`).toBeGreaterThan(i);
    outputs[match[1]!] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return outputs;
}

/** The action's phases run under Claude Code's sandbox by default: bubblewrap, socat and ripgrep here. */
const sandboxTools = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: false };

// Two phases each, under Claude Code's sandbox with a sandboxed verifier: more than the default 30 s on a busy machine.
describe.skipIf(sandboxTools.skip)("loopkit run in GitHub Actions: achieved, through the action's run step", () => {
  // One run for the block (two phases: the first plants, the second reaches the goal); each test checks one thing it left.
  useRunner("file");
  const record = () => path.join(runner.temp, "loopkit-record", "loopkit-run");
  let result: Awaited<ReturnType<typeof actionStep>>;
  let outputs: Record<string, string>;
  let final: any;
  let summary: string;
  beforeAll(async () => {
    model.setScript(
      loopScript({
        turns: [bash(`echo one > hello.txt; ${PLANT}`), bash("echo hi > hello.txt")],
        vote: () => ACHIEVED,
        after: `Wrote it.\n${AGENT_COMMAND}`,
      }),
    );
    result = await actionStep(
      {
        goal: "make hello.txt say hi",
        verify: VERIFY,
        "claude-args": "--allowedTools Bash",
        "anthropic-api-key": "sk-ant-fake-key-for-tests",
      },
      { ANTHROPIC_API_KEY: "" },
    );
    outputs = readOutputs();
    final = status(sandbox, { LOOPKIT_DATA_DIR: path.join(runner.temp, "loopkit-data") });
    summary = readFileSync(runner.summary, "utf8");
  }, 240_000);

  it("exits 0, its phases run by the claude the install step put in place, with no warning", () => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain(`\`${path.join(runner.temp, "loopkit-claude-code", "node_modules", ".bin", "claude")} -p\` session`);
    expect(result.stdout).not.toContain("::warning::");
  });

  it("sets the step outputs from the loop's final status", () => {
    expect(final).toMatchObject({ status: "achieved", iteration: 2 });
    expect(outputs).toEqual({
      status: "achieved",
      reason: final.reason,
      iterations: "2",
      tokens: String(final.tokens_used),
      loop_id: final.loop_id,
      exit_code: "0",
      record_dir: record(),
    });
    expect(Number(outputs.tokens)).toBeGreaterThan(0);
  });

  it("writes the job summary: goal, verifier, final status, a row per iteration, total time", () => {
    expect(summary).toContain("## ✅ loopkit run: achieved");
    expect(summary).toContain("```text\nmake hello.txt say hi\n```");
    expect(summary).toContain(`| Verifier | \`${VERIFY}\` |`);
    expect(summary).toContain(`| Final status | achieved: ${final.reason} |`);
    expect(summary).toMatch(/\| 1 \| fail \(exit 1\) \| - \| \d+ \| \d+ \|/);
    expect(summary).toMatch(/\| 2 \| pass \(exit 0\) \| achieved \| \d+ \| \d+ \|/);
    expect(summary).toMatch(/\| Total time \| \d+s of \d+h \|/);
  });

  it("logs one group per phase, the agent's text inside it inert (between ::stop-commands:: and its token)", () => {
    const log = result.stdout;
    expect(log.match(/^::group::loopkit run: phase \d+ starting/gm)).toHaveLength(2);
    expect(log.match(/^::endgroup::$/gm)).toHaveLength(2);
    const planted = log.indexOf(AGENT_COMMAND);
    const stop = /::stop-commands::([\w-]+)\n/g;
    let inert = false;
    for (let m = stop.exec(log); m; m = stop.exec(log)) {
      const end = log.indexOf(`::${m[1]}::`, m.index);
      if (m.index < planted && planted < end) inert = true;
    }
    expect(inert, log).toBe(true);
    expect(log).toMatch(/::endgroup::\nloopkit run: phase 2 \(session .*\): achieved/);
  });

  it("hands the phases none of the runner's file commands, and leaves the job's environment file untouched", () => {
    expect(readFileSync(path.join(sandbox.project, "seen-env.txt"), "utf8").trim()).toBe("GITHUB_OUTPUT=unset GITHUB_ENV=unset");
    expect(readFileSync(runner.env, "utf8")).toBe("");
  });

  it("gathers the record for the artifact: the project's .auto-loop/, loopkit's copy with the phase logs, the summary, the status, the checkpoints, the report", () => {
    expect(readFileSync(path.join(record(), "summary.md"), "utf8")).toBe(summary);
    expect(JSON.parse(readFileSync(path.join(record(), "status.json"), "utf8"))).toMatchObject({
      status: "achieved",
      loop_id: final.loop_id,
    });
    expect(existsSync(path.join(record(), "auto-loop", "goal-state.json"))).toBe(true);
    expect(existsSync(path.join(record(), "record", "state.json"))).toBe(true);
    expect(readdirSync(path.join(record(), "record", "phases"))).toEqual(["phase-0001.log", "phase-0002.log"]);
    const checkpoints = JSON.parse(readFileSync(path.join(record(), "checkpoints.json"), "utf8"));
    expect(checkpoints).toMatchObject({ loop_id: final.loop_id, loop_kind: "auto-loop" });
    expect(checkpoints.checkpoints.map((c: { iteration: number }) => c.iteration)).toEqual([1, 2]);
    expect(existsSync(path.join(record(), "checkpoints.bundle"))).toBe(true);
    // The loop on one page (loopkit report), which the job summary links to.
    expect(readFileSync(path.join(record(), "report.html"), "utf8")).toContain(
      `<title>loopkit auto-loop ${final.loop_id}: achieved</title>`,
    );
  });
});

describe.skipIf(sandboxTools.skip)("loopkit run in GitHub Actions", { timeout: 120_000 }, () => {
  useRunner("test");

  it("budget-limited: exit 6, outputs and summary say budget-limited; the verifier never saw the runner's files", async () => {
    model.setScript(loopScript({ turns: [bash("echo nope > hello.txt")], vote: () => ACHIEVED }));
    // The verifier runs the project's commands: it gets none of the runner's file commands either.
    const verify = `echo "GITHUB_OUTPUT=\${GITHUB_OUTPUT:-unset} GITHUB_ENV=\${GITHUB_ENV:-unset}" > verifier-saw.txt; ${VERIFY}`;
    const result = await loopkitRun(
      ["make hello.txt say hi", "--verify", verify, "--max-iterations", "1", "--", "--allowedTools", "Bash"],
      actionsEnv(),
    );
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(6);
    const outputs = readOutputs();
    expect(outputs).toMatchObject({ status: "budget-limited", reason: "reached --max-iterations 1", iterations: "2", exit_code: "6" });
    const summary = readFileSync(runner.summary, "utf8");
    expect(summary).toContain("## ⏱️ loopkit run: budget-limited");
    expect(summary).toContain("| Final status | budget-limited: reached --max-iterations 1 |");
    expect(summary).toContain("| Exit code | 6 |");
    expect(summary).toMatch(/\| 1 \| fail \(exit 1\) \| - \| \d+ \| \d+ \| cap reached: reached --max-iterations 1 \|/);
    expect(summary).toMatch(/\| 2 \| - \| - \| \d+ \| \d+ \| ended budget-limited \|/);
    expect(readFileSync(path.join(sandbox.project, "verifier-saw.txt"), "utf8").trim()).toBe("GITHUB_OUTPUT=unset GITHUB_ENV=unset");
  });

  it("budget-limited with the action's budget-limited-ok: the step succeeds and the summary says why; protect globs reach the loop", async () => {
    model.setScript(loopScript({ turns: [bash("echo nope > hello.txt")], vote: () => ACHIEVED }));
    const result = await actionStep({
      goal: "make hello.txt say hi",
      verify: VERIFY,
      "max-iterations": "1",
      protect: "README.md\n\n  .github/**\n",
      "claude-args": "--allowedTools Bash",
      "budget-limited-ok": "true",
    });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(readOutputs()).toMatchObject({ status: "budget-limited", exit_code: "0" });
    const summary = readFileSync(runner.summary, "utf8");
    expect(summary).toContain("| Exit code | 0 (budget-limited counts as success: --budget-limited-ok) |");
    // The protect input, one glob per line, reached the loop as --protect options.
    expect(status(sandbox, { LOOPKIT_DATA_DIR: path.join(runner.temp, "loopkit-data") })).toMatchObject({
      protected_globs: ["README.md", ".github/**"],
    });
    expect(summary).toContain("| Protected | `README.md` `.github/**` |");
  });

  it("outside Actions nothing changes: no summary, no outputs, no groups, and the phases keep their environment", async () => {
    model.setScript(loopScript({ turns: [bash(PLANT)], vote: () => ACHIEVED }));
    const { GITHUB_ACTIONS: _, ...rest } = actionsEnv();
    const result = await loopkitRun(
      ["make hello.txt say hi", "--verify", VERIFY, "--max-iterations", "1", "--", "--allowedTools", "Bash"],
      rest,
    );
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(6);
    expect(readFileSync(runner.summary, "utf8")).toBe("");
    expect(readFileSync(runner.output, "utf8")).toBe("");
    expect(result.stdout).not.toMatch(/^::/m);
    expect(readFileSync(path.join(sandbox.project, "seen-env.txt"), "utf8").trim()).toBe(
      `GITHUB_OUTPUT=${runner.output} GITHUB_ENV=${runner.env}`,
    );
  });

  it("a cancelled or timed-out job (SIGINT to the step's process) still gets the summary, the outputs and the record, with the iterations so far", async () => {
    let phases = 0;
    model.setScript(
      loopScript({
        turns: [() => ((phases += 1), bash("echo one > hello.txt")), () => ((phases += 1), { text: "Still thinking.", delayMs: 60_000 })],
        vote: () => ACHIEVED,
      }),
    );
    const step = actionStep({ goal: "make hello.txt say hi", verify: VERIFY, "claude-args": "--allowedTools Bash" });
    for (let waited = 0; phases < 2 && waited < 120_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(phases, "the second phase started").toBe(2);
    const sent = Date.now();
    step.kill("SIGINT");
    const result = await step;
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(130);
    expect(Date.now() - sent, "well inside the runner's 7.5 s before SIGTERM").toBeLessThan(7_500);
    expect(readOutputs()).toMatchObject({ status: "pursuing", iterations: "1", exit_code: "130" });
    const summary = readFileSync(runner.summary, "utf8");
    expect(summary).toContain("the runner stopped (SIGINT: the job was cancelled or timed out) with the loop still pursuing (exit 130)");
    expect(summary).toMatch(/\| 1 \| fail \(exit 1\) \| - \|/);
    const record = path.join(runner.temp, "loopkit-record", "loopkit-run");
    expect(JSON.parse(readFileSync(path.join(record, "status.json"), "utf8"))).toMatchObject({ status: "pursuing", iteration: 1 });
    expect(readFileSync(path.join(record, "summary.md"), "utf8")).toBe(summary);
  });

  it("the action's run step refuses a step without credentials before any phase runs", async () => {
    const first = model.requests.length;
    const result = await actionStep({ goal: "g", verify: "true" }, { ANTHROPIC_API_KEY: "" });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/no credentials for Claude Code in this step \(set the anthropic-api-key input/);
    expect(result.stdout).toMatch(/^::warning::claude-args gives no --allowedTools or --permission-mode/m);
    expect(model.requests.length).toBe(first);
    expect(readFileSync(runner.output, "utf8")).toBe("");
  });
});
