// The verifier is no way out of Claude Code's sandbox, end to end through the real CLI: an
// auto-loop whose agent is sandboxed (sandbox on in the test HOME's settings) has its verifier run
// under the same policy (measured side by side with the same probe in the agent's Bash, and an
// escape that fails); `loopkit run` sandboxes its phases and its verifier by default, not with
// --no-sandbox; and where no sandbox can start for loopkit (no ripgrep on PATH; Claude Code brings
// its own), the person's failIfUnavailable decides, both ways.
//
// Which tests hold when: a loop started by the skill records launch.agent_sandbox "unknown" until the
// sbstart branch measures it (then "sandboxed" or "unsandboxed"). The skill tests assert on the value
// recorded: "unknown" and "sandboxed" must give a sandboxed verifier, "unsandboxed" one that runs as
// before, so they hold before and after it lands. Until it lands the skill cannot write loopkit's data
// folder under the sandbox (issue 17, part 1): the sandboxed skill test lets the sandbox write there
// (sandbox.filesystem.allowWrite), which changes nothing else it checks. The `loopkit run` tests hold
// either way (loopkit run records the agent's sandbox itself).
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { CLAUDE_VERSION, claudeEnv, runClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, dataDirOf, loopkitEnv, loopScript, plugin, readMirror, runLoopkit, status } from "./auto-loop-helpers.js";
import { CLAUDE_CODE_SANDBOX, SANDBOX_PROBE } from "../fixtures/claude-code-sandbox.js";
import { requireSystemTools } from "../support/system-tools.js";

/** Claude Code's sandbox and loopkit's both run bubblewrap, socat and ripgrep here. */
const tools = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: true };

const ACHIEVED = 'All checked.\n{"vote": "achieved", "reasons": ["done.txt is there"]}';
/** The verifier: the probe (on its first run only), an escape attempt, then the real check. */
// The probe makes and removes files across the project (that is what it measures), and an entry that
// comes and goes while the verifier runs voids its passes (src/evidence/verification.ts): the first
// Stop is not judged, the second, with the probe's results in place, is. Its report goes where
// verifiers write reports (test-results/).
const VERIFY = `mkdir -p test-results && { test -f test-results/verifier-probe.json || node "${SANDBOX_PROBE}" test-results/verifier-probe.json; }; echo x > "$HOME/escape"; test -f done.txt`;

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => {
  ({ model, sandbox } = world);
  writeFileSync(path.join(world.sandbox.home, ".probe-readable"), "x");
  mkdirSync(path.join(world.sandbox.project, ".claude"));
  writeFileSync(path.join(world.sandbox.project, ".claude", "settings.json"), "{}");
  writeFileSync(path.join(world.sandbox.project, ".claude", "settings.local.json"), "{}");
});

function personSettings(settings: object): void {
  mkdirSync(path.join(sandbox.home, ".claude"), { recursive: true });
  writeFileSync(path.join(sandbox.home, ".claude", "settings.json"), JSON.stringify(settings));
}

const SANDBOX_ON = { enabled: true, failIfUnavailable: true, autoAllowBashIfSandboxed: true };
const escaped = (name = "escape") => existsSync(path.join(sandbox.home, name));
const probeOf = (file: string) => {
  const { TMPDIR: _tmp, seccomp: _seccomp, ...results } = JSON.parse(readFileSync(path.join(sandbox.project, file), "utf8"));
  return results;
};
const lastRuns = () => readMirror(sandbox).last_verifier.runs as Array<{ sandbox: string; output_tail: string }>;

const skill = (env: Record<string, string> = {}) =>
  runClaude({
    model,
    sandbox,
    prompt: `/loopkit:auto-loop make done.txt exist --verify ${VERIFY} --max-iterations 2`,
    pluginDir: plugin.dir,
    args: ["--allowedTools", "Bash"],
    env: loopkitEnv(sandbox, { PROBE_PORT: String(model.port), ...env }),
    timeoutMs: 200_000,
  });

const loopkitRun = (args: string[], env: Record<string, string> = {}) =>
  runLoopkit(
    model,
    sandbox,
    ["make done.txt exist", "--verify", VERIFY, "--max-iterations", "2", ...args, "--", "--allowedTools", "Bash"],
    { PROBE_PORT: String(model.port), ...env },
  );

/** A PATH folder holding every program of the CLI's PATH (the selected claude first) but `names`. */
function pathWithout(names: string[]): string {
  const base = claudeEnv(model, sandbox).PATH!;
  const dir = path.join(sandbox.root, `bin-without-${names.join("-")}`);
  mkdirSync(dir);
  for (const source of base.split(path.delimiter)) {
    let entries: string[] = [];
    try {
      entries = readdirSync(source);
    } catch {
      continue;
    }
    for (const name of entries)
      if (!names.includes(name) && !existsSync(path.join(dir, name))) symlinkSync(path.join(source, name), path.join(dir, name));
  }
  return dir;
}

describe.skipIf(tools.skip)(`the sandboxed verifier (Claude Code ${CLAUDE_VERSION})`, { timeout: 200_000 }, () => {
  it("an auto-loop whose agent is sandboxed runs its verifier under the agent's own policy: the same probe results, and the escape fails", async () => {
    // allowWrite: the skill's start writes loopkit's data folder from the sandbox until sbstart moves that write into a hook.
    mkdirSync(dataDirOf(sandbox));
    personSettings({ sandbox: { ...SANDBOX_ON, filesystem: { allowWrite: [dataDirOf(sandbox)] } } });
    model.setScript(
      loopScript({
        turns: [bash(`node "${SANDBOX_PROBE}" agent-probe.json; echo x > "$HOME/agent-escape"; touch done.txt`)],
        vote: () => ACHIEVED,
      }),
    );
    const result = await skill();
    expect(result.exitCode, result.stderr).toBe(0);
    expect(["unknown", "sandboxed"]).toContain(readMirror(sandbox).launch.agent_sandbox.agent);
    expect(probeOf("agent-probe.json")).toEqual(CLAUDE_CODE_SANDBOX);
    expect(probeOf("test-results/verifier-probe.json")).toEqual(probeOf("agent-probe.json"));
    expect(escaped("agent-escape")).toBe(false);
    expect(escaped()).toBe(false);
    expect(lastRuns().map((run) => run.sandbox)).toEqual(["sandboxed", "sandboxed"]);
    expect(lastRuns()[0]!.output_tail).toMatch(/escape: Read-only file system/);
    expect(status(sandbox)).toMatchObject({ status: "achieved", last_verifier: "pass" });
  });

  it("the same loop without the sandbox runs its verifier as before once the agent is measured unsandboxed (fail closed while unknown)", async () => {
    model.setScript(loopScript({ turns: [bash(`echo x > "$HOME/agent-escape"; touch done.txt`)], vote: () => ACHIEVED }));
    const result = await skill();
    expect(result.exitCode, result.stderr).toBe(0);
    expect(escaped("agent-escape")).toBe(true);
    const agent = readMirror(sandbox).launch.agent_sandbox.agent;
    expect(["unknown", "unsandboxed"]).toContain(agent);
    const expected = agent === "unsandboxed" ? "unsandboxed" : "sandboxed";
    expect(lastRuns().map((run) => run.sandbox)).toEqual([expected, expected]);
    expect(escaped()).toBe(expected === "unsandboxed");
    expect(status(sandbox)).toMatchObject({ status: "achieved" });
  });
});

describe.skipIf(tools.skip)(`loopkit run and the sandbox (Claude Code ${CLAUDE_VERSION})`, { timeout: 200_000 }, () => {
  it("sandboxes every phase and the verifier by default", async () => {
    model.setScript(
      loopScript({
        turns: [bash(`node "${SANDBOX_PROBE}" agent-probe.json; echo x > "$HOME/agent-escape"; touch done.txt`)],
        vote: () => ACHIEVED,
      }),
    );
    const result = await loopkitRun([]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/under Claude Code's sandbox \(the verifier too; --no-sandbox turns it off\)/);
    expect(escaped("agent-escape")).toBe(false);
    expect(probeOf("agent-probe.json")).toEqual(CLAUDE_CODE_SANDBOX);
    expect(probeOf("test-results/verifier-probe.json")).toEqual(CLAUDE_CODE_SANDBOX);
    expect(escaped()).toBe(false);
    expect(readMirror(sandbox).launch.agent_sandbox).toMatchObject({ agent: "sandboxed", fail_if_unavailable: true });
    expect(lastRuns().map((run) => run.sandbox)).toEqual(["sandboxed", "sandboxed"]);
    expect(status(sandbox)).toMatchObject({ status: "achieved" });
  });

  it("--no-sandbox runs the phases and the verifier unsandboxed, and says so", async () => {
    model.setScript(loopScript({ turns: [bash(`echo x > "$HOME/agent-escape"; touch done.txt`)], vote: () => ACHIEVED }));
    const result = await loopkitRun(["--no-sandbox"]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/unsandboxed \(--no-sandbox\)/);
    expect(escaped("agent-escape")).toBe(true);
    expect(escaped()).toBe(true);
    expect(readMirror(sandbox).launch.agent_sandbox).toMatchObject({ agent: "unsandboxed" });
    expect(lastRuns().map((run) => run.sandbox)).toEqual(["unsandboxed", "unsandboxed"]);
  });

  it("refuses to start where no sandbox can start, recording nothing", async () => {
    const result = await loopkitRun([], { PATH: pathWithout(["rg"]) });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/no sandbox can start here: rg not found on PATH outside the project[\s\S]*--no-sandbox/);
    expect(status(sandbox)).toMatchObject({ status: "none" });
  });

  it.each([
    [true, "does not run the verifier", "not run"],
    [false, "runs the verifier unsandboxed and says so", "unsandboxed"],
  ] as const)(
    "with the sandbox on in the person's settings and none for loopkit, failIfUnavailable %s %s",
    async (failIfUnavailable, _does, recorded) => {
      personSettings({ sandbox: { ...SANDBOX_ON, failIfUnavailable } });
      model.setScript(loopScript({ turns: [bash(`echo x > "$HOME/agent-escape"; touch done.txt`)], vote: () => ACHIEVED }));
      // The claude on PATH first, then every program but ripgrep: Claude Code sandboxes with the ripgrep it bundles.
      const result = await loopkitRun(["--no-sandbox"], { PATH: pathWithout(["rg"]) });
      expect(escaped("agent-escape")).toBe(false);
      expect(readMirror(sandbox).launch.agent_sandbox).toMatchObject({ agent: "sandboxed", fail_if_unavailable: failIfUnavailable });
      const first = lastRuns()[0]!;
      expect(first.sandbox).toBe(recorded);
      if (failIfUnavailable) {
        expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(6);
        expect(first.output_tail).toMatch(
          /^loopkit did not run the verifier: the loop's agent is sandboxed .*rg not found on PATH outside the project.*not judged passed/,
        );
        expect(existsSync(path.join(sandbox.project, "test-results", "verifier-probe.json"))).toBe(false);
        expect(escaped()).toBe(false);
        expect(status(sandbox)).toMatchObject({ status: "budget-limited", last_verifier: "fail" });
      } else {
        expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
        expect(first.output_tail).toMatch(/^loopkit: no sandbox can start here: rg not found .*ran unsandboxed, with your full rights/);
        expect(escaped()).toBe(true);
        expect(status(sandbox)).toMatchObject({ status: "achieved" });
      }
    },
  );
});
