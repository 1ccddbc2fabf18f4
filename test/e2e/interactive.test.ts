// The real interactive Claude Code UI under tmux: pressing Esc while a repeat loop's Stop hook waits
// pauses the loop, and the person's next, unrelated prompt is answered without the loop's prompt.
// (The -p tests stand a SIGTERM in for Esc; this checks that Esc really is that.)
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { CLAUDE_BIN, claudeEnv, REPO_ROOT, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { iterationOf } from "./repeat-helpers.js";

const hasTmux = (() => {
  try {
    execFileSync("tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const API_KEY = "sk-ant-fake-key-for-interactive-tests-0001";
const socket = `loopkit-test-${process.pid}`;
const tmux = (...args: string[]) => execa("tmux", ["-L", socket, ...args], { reject: false });
const screen = async () => String((await tmux("capture-pane", "-p", "-t", "cc")).stdout ?? "");
const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The input box waits for the person: 2.1.197's footer says "? for shortcuts"; 2.1.332's shows the mode, and "esc to interrupt" only while a turn runs. */
const idle = (text: string) => /\? for shortcuts/.test(text) || (/shift\+tab to cycle/.test(text) && !/esc to interrupt/.test(text));

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; screen:\n${await screen()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let model: FakeModel;
let sandbox: Sandbox;
let data: string;
useModelAndSandbox({
    sandbox: "file",
    script: (request) => ({ text: `Checked it.\nREPEAT-RESULT: pass - fine (request ${request.index})` }),
    setUp: (world) => void (data = path.join(world.sandbox.root, "loopkit data")),
    tearDown: async () => {
      await tmux("kill-server");
      await new Promise((resolve) => setTimeout(resolve, 500)); // let the killed CLI stop writing under HOME
    },
  }, (world) => ({ model, sandbox } = world));

const repeatPhase = (): string | undefined => {
  try {
    const [file] = readdirSync(path.join(data, "repeat")).filter((name) => name.endsWith(".json"));
    return file ? (JSON.parse(readFileSync(path.join(data, "repeat", file), "utf8")) as { phase: string }).phase : undefined;
  } catch {
    return undefined;
  }
};

describe.skipIf(!hasTmux)("an interactive session", () => {
  it("Esc during a repeat wait pauses the loop; the next prompt is the person's alone", async () => {
    // A HOME where onboarding, the folder's trust dialog and the API key question are already answered.
    writeFileSync(
      path.join(sandbox.home, ".claude.json"),
      JSON.stringify({
        hasCompletedOnboarding: true,
        theme: "dark",
        customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
        projects: { [realpathSync(sandbox.project)]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      }),
    );
    const env = { ...claudeEnv(model, sandbox, { LOOPKIT_DATA_DIR: data }), ANTHROPIC_API_KEY: API_KEY, TERM: "xterm-256color" };
    const launch = path.join(sandbox.root, "launch.sh");
    writeFileSync(
      launch,
      `cd ${shellQuote(sandbox.project)} && exec env -i ${Object.entries(env)
        .map(([key, value]) => `${key}=${shellQuote(value)}`)
        .join(" ")} ${shellQuote(CLAUDE_BIN)} --plugin-dir ${shellQuote(REPO_ROOT)}\n`,
    );
    await tmux("new-session", "-d", "-s", "cc", "-x", "160", "-y", "45", `sh ${shellQuote(launch)}`);
    await waitFor("the input prompt", async () => idle(await screen()));

    await tmux("send-keys", "-t", "cc", "-l", "/loopkit:repeat 1m --iterations 3 say hi");
    await tmux("send-keys", "-t", "cc", "Enter");
    await waitFor("iteration 1 to end and the hook to wait", () => repeatPhase() === "waiting");
    expect(await screen()).toMatch(/running stop hook/i);

    await tmux("send-keys", "-t", "cc", "Escape");
    await waitFor("the loop to pause", () => repeatPhase() === "paused", 10_000);

    await tmux("send-keys", "-t", "cc", "-l", "what is 2+2");
    await tmux("send-keys", "-t", "cc", "Enter");
    await waitFor("the model to get the person's prompt", () => model.requests.some((r) => r.kind === "main" && r.lastUserText.endsWith("what is 2+2")));
    await waitFor("the turn to end", async () => idle(await screen()));

    expect(repeatPhase()).toBe("paused");
    // Only iteration 1 ever reached the model; nothing of the loop rode on the person's turn.
    expect(model.requests.map(iterationOf).filter((n) => n !== null)).toEqual([1]);
    const personal = model.requests.filter((r) => r.kind === "main" && r.lastUserText.endsWith("what is 2+2"));
    expect(personal).toHaveLength(1);
    expect(personal[0]!.lastUserText).not.toMatch(/loopkit repeat|REPEAT-RESULT/);
    // The interactive UI tries a few hosts of its own (downloads, GitHub) despite the variables; the
    // trap refuses each CONNECT, so nothing leaves the machine. Anything else unexpected fails.
    expect(model.unexpected.filter((u) => !u.includes("count_tokens") && !u.startsWith("CONNECT ")), model.unexpected.join("\n")).toEqual([]);
  }, 120_000);
});
