// The real interactive Claude Code UI under tmux: while a repeat loop waits, the session is the
// person's (a prompt typed then is answered at once and is no iteration), the loop still runs exactly
// its own iterations a full interval apart, and an API outage mid-loop is recorded, never a hang
// (a repeat counts it toward its breaker; an auto-loop does not judge it and wakes itself to retry).
// What the person types into a running auto-loop pauses it until they type --resume. The UI runs this
// run's build of the plugin (test/support/build-plugin.ts), not the committed dist/.
import { readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { OVERLOADED, type FakeModel, type LoggedRequest, type ScriptedReply } from "./harness/fake-model.js";
import { CLAUDE_BIN, claudeEnv, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { requireSystemTools } from "../support/system-tools.js";
import { iterationOf } from "./repeat-helpers.js";
import { bash, isAudit, loopScript, plugin, status } from "./auto-loop-helpers.js";

const API_KEY = "sk-ant-fake-key-for-interactive-tests-0001";
/** The real UI runs in a tmux pane. */
const terminal = requireSystemTools(["tmux"]);
const socket = `loopkit-test-${process.pid}`;
const tmux = (...args: string[]) => execa("tmux", ["-L", socket, ...args], { reject: false });
const screen = async () => String((await tmux("capture-pane", "-p", "-t", "cc")).stdout ?? "");
const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
/** Types a line and submits it; Enter again if the UI was not ready for it (the line still sits in the input box). */
const type = async (text: string) => {
  await tmux("send-keys", "-t", "cc", "-l", text);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await tmux("send-keys", "-t", "cc", "Enter");
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const lines = (await screen()).split("\n");
    const input = lines.map((line) => line.startsWith("❯")).lastIndexOf(true);
    if (
      input < 0 ||
      !lines[input]!.includes(text.slice(0, 30)) ||
      lines.slice(0, input).some((line) => line.startsWith("❯") && line.includes(text.slice(0, 30)))
    )
      return;
    await tmux("send-keys", "-t", "cc", "Enter");
  }
};

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
useModelAndSandbox({}, (world) => ({ model, sandbox } = world));
// Registered after the lifecycle's hooks, so it runs before the sandbox goes.
afterEach(async () => {
  await tmux("kill-server");
  await new Promise((resolve) => setTimeout(resolve, 500)); // let the killed CLI stop writing under HOME
});

/** Starts the real UI in tmux with the plugin, HOME pre-answered (onboarding, folder trust, API key). */
async function launch(script: (request: LoggedRequest) => ScriptedReply, extraEnv: Record<string, string> = {}, claudeArgs: string[] = []) {
  model.setScript(script);
  const first = model.requests.length;
  const data = path.join(sandbox.root, "loopkit data");
  writeFileSync(
    path.join(sandbox.home, ".claude.json"),
    JSON.stringify({
      hasCompletedOnboarding: true,
      theme: "dark",
      customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
      projects: { [realpathSync(sandbox.project)]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
    }),
  );
  const stats = path.join(sandbox.root, "stats", "stats.json");
  const env = {
    ...claudeEnv(model, sandbox, {
      LOOPKIT_DATA_DIR: data,
      LOOPKIT_STATS_FILE: stats,
      LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000",
      ...extraEnv,
    }),
    ANTHROPIC_API_KEY: API_KEY,
    TERM: "xterm-256color",
  };
  const launcher = path.join(sandbox.root, "launch.sh");
  writeFileSync(
    launcher,
    `cd ${shellQuote(sandbox.project)} && exec env -i ${Object.entries(env)
      .map(([key, value]) => `${key}=${shellQuote(value)}`)
      .join(" ")} ${shellQuote(CLAUDE_BIN)} --plugin-dir ${shellQuote(plugin.dir)} ${claudeArgs.map(shellQuote).join(" ")}\n`,
  );
  await tmux("new-session", "-d", "-s", "cc", "-x", "200", "-y", "50", `sh ${shellQuote(launcher)}`);
  await waitFor("the input prompt", async () => idle(await screen()));
  const state = (): any => {
    try {
      const [file] = readdirSync(path.join(data, "repeat")).filter((name) => name.endsWith(".json"));
      return file ? JSON.parse(readFileSync(path.join(data, "repeat", file), "utf8")) : undefined;
    } catch {
      return undefined;
    }
  };
  const record = (): any => JSON.parse(readFileSync(stats, "utf8")).loop_runs[0];
  /** The stats record once it has ended: it is written just after the state (two files), so wait for it rather than race it. */
  const endedRecord = () =>
    waitFor(
      "the stats record to end",
      () => {
        try {
          return record()?.ended_at ? record() : undefined;
        } catch {
          return undefined;
        }
      },
      10_000,
    );
  /** This test's requests (the model serves the whole file). */
  const requests = () => model.requests.slice(first);
  return { state, record, endedRecord, requests };
}

/** Interactive sessions also try a few hosts of their own (downloads, GitHub); the trap refuses each CONNECT. Anything else unexpected fails. */
const unexpected = (m: FakeModel) => m.unexpected.filter((u) => !u.includes("count_tokens") && !u.startsWith("CONNECT "));

describe.skipIf(terminal.skip)("an interactive session with a repeat loop", () => {
  it("stays the person's while the loop waits: a prompt typed then is answered at once, and the loop runs exactly its own iterations, an interval apart", async () => {
    const personAsked: number[] = [];
    const run = await launch((request) => {
      if (request.kind !== "main") return { text: "a title" };
      if (request.lastUserText.endsWith("what is 2+2")) {
        personAsked.push(Date.now());
        return { text: "4" };
      }
      const iteration = iterationOf(request);
      return iteration === null ? { text: "ok" } : { text: `Checked it.\nREPEAT-RESULT: pass - fine ${iteration}` };
    });
    await type("/loopkit:repeat 8s --iterations 3 say hi");
    await waitFor("iteration 1 to end and the loop to wait", () => run.state()?.phase === "waiting");
    // The person is told which loop, what is next and when, and how to stop it; the input box is free.
    await waitFor("the waiting line", async () =>
      /loopkit repeat loop-\d+: 1\/3 pass \(fine 1\) · next 2\/3 at \d\d:\d\d:\d\d \(in 8s\)/.test(
        (await screen()).replace(/\s*\n\s*/g, " "),
      ),
    );
    expect((await screen()).replace(/\s*\n\s*/g, " ")).toMatch(/\/loopkit:repeat --cancel stops it/);
    expect(idle(await screen())).toBe(true);

    const typedAt = Date.now();
    await type("what is 2+2");
    await waitFor("the model to get the person's prompt", () => personAsked.length > 0, 10_000);
    expect(personAsked[0]! - typedAt).toBeLessThan(5_000);
    expect(run.state()).toMatchObject({ phase: "waiting", iteration: 1 });

    await waitFor("the loop to end", () => run.state()?.phase === "ended", 90_000);
    const state = run.state();
    expect(state).toMatchObject({ final_status: "COMPLETED", iterations: [{ number: 1 }, { number: 2 }, { number: 3 }] });
    expect(state.iterations.map((it: any) => it.summary)).toEqual(["fine 1", "fine 2", "fine 3"]);
    // A full interval between one iteration's end and the next one's start, the person's turn notwithstanding.
    for (let i = 1; i < 3; i++)
      expect(Date.parse(state.iterations[i].started_at) - Date.parse(state.iterations[i - 1].ended_at)).toBeGreaterThanOrEqual(8_000);
    // Exactly the loop's own iterations reached the model, once each; the person's prompt went alone.
    expect(
      run
        .requests()
        .map(iterationOf)
        .filter((n) => n !== null),
    ).toEqual([1, 2, 3]);
    const personal = run.requests().filter((r) => r.kind === "main" && r.lastUserText.endsWith("what is 2+2"));
    expect(personal).toHaveLength(1);
    expect(personal[0]!.lastUserText).not.toMatch(/loopkit repeat|REPEAT-RESULT/);
    // A wake-up reads as the loop's next iteration, not as a hook's error: the UI shows hooks.json's
    // rewakeSummary, and the model gets its rewakeMessage, then the prompt from its own first line.
    await waitFor("the wake-up's line", async () => /● loopkit repeat: next iteration/.test(await screen()));
    expect(await screen()).not.toMatch(/Stop hook feedback|stop hook problem|Stop hook error/);
    const woken = run.requests().filter((r) => iterationOf(r) === 2);
    expect(woken).toHaveLength(1);
    expect(woken[0]!.lastUserText).toMatch(
      /Stop hook feedback:\nloopkit: the wait is over; what follows is the loop's next iteration, not an error\. \nloopkit repeat: iteration 2\/3 \(loop-\d+, every 8s\)\.\n/,
    );
    expect(JSON.stringify(woken[0]!.body.messages.at(-1))).not.toMatch(/blocking error from command/);
    expect(await run.endedRecord()).toMatchObject({ final_status: "COMPLETED", ended_at: expect.stringMatching(/Z$/) });
    expect(unexpected(model), model.unexpected.join("\n")).toEqual([]);
  }, 180_000);

  it.each([
    [1, "a tool call"],
    [2, "a tool call"],
    // Claude Code then puts the cut-off prompt back in the input box (2.1.332 keeps no trace of the turn but its prompt).
    [1, "the model's first answer"],
  ])(
    "pauses the loop when Esc cuts iteration %i off during %s: the person's next prompt is theirs alone, nothing runs until --resume, which runs that iteration again",
    async (cut, during) => {
      const started = new Map<number, number>();
      const run = await launch(
        (request) => {
          if (request.kind !== "main") return { text: "a title" };
          if (request.lastUserText.endsWith("what is 2+2")) return { text: "4" };
          const iteration = iterationOf(request);
          if (iteration === null)
            return request.body.messages.at(-1)?.content?.some?.((block: { type?: string }) => block.type === "tool_result")
              ? { text: "Checked it.\nREPEAT-RESULT: pass - fine" }
              : { text: "ok" };
          const first = !started.has(iteration);
          if (first) started.set(iteration, Date.now());
          if (first && iteration === cut && during !== "a tool call")
            return { text: "Checked it.\nREPEAT-RESULT: pass - too late", delayMs: 10_000 };
          return { toolUses: [{ name: "Bash", input: { command: "sleep 6; echo checked", description: "check" } }] };
        },
        {},
        ["--allowedTools", "Bash"],
      );
      await type("/loopkit:repeat 5s --iterations 3 check the service");
      await waitFor(
        `iteration ${cut} to be in ${during}`,
        () => (started.has(cut) && Date.now() - started.get(cut)! > 2_000 ? true : undefined),
        60_000,
      );
      await tmux("send-keys", "-t", "cc", "Escape");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await tmux("send-keys", "-t", "cc", "C-u"); // Claude Code puts a prompt cut off before any answer back in the input box
      await waitFor("the interrupted turn to end", async () => idle(await screen()), 10_000);
      await type("what is 2+2");
      await waitFor("the loop to pause", () => (run.state()?.phase === "paused" ? true : undefined), 15_000);
      expect(run.state()).toMatchObject({ phase: "paused", iterations: Array.from({ length: cut - 1 }, (_, i) => ({ number: i + 1 })) });
      await waitFor(
        "the person to be told",
        async () =>
          new RegExp(`paused before iteration ${cut}/3 .*iteration ${cut} was interrupted`).test(
            (await screen()).replace(/\s*\n\s*/g, " "),
          ),
        10_000,
      );
      await waitFor("the person's answer", async () => idle(await screen()), 10_000);
      // Past the interval nothing runs, and the person's turn was no iteration.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(run.state()).toMatchObject({ phase: "paused", iterations: Array.from({ length: cut - 1 }, (_, i) => ({ number: i + 1 })) });
      const asked = run.requests().filter((r) => r.kind === "main" && r.lastUserText.endsWith("what is 2+2"));
      expect(asked).toHaveLength(1);
      expect(asked[0]!.lastUserText).not.toMatch(/loopkit repeat: iteration/);

      await type("/loopkit:repeat --resume");
      await waitFor("the loop to end", () => run.state()?.phase === "ended", 90_000);
      expect(run.state()).toMatchObject({ final_status: "COMPLETED", iterations: [{ number: 1 }, { number: 2 }, { number: 3 }] });
      expect(run.state().iterations.map((it: any) => it.result)).toEqual(["pass", "pass", "pass"]);
      expect(await run.endedRecord()).toMatchObject({
        final_status: "COMPLETED",
        iterations: [{ number: 1 }, { number: 2 }, { number: 3 }],
      });
      expect(unexpected(model), model.unexpected.join("\n")).toEqual([]);
    },
    180_000,
  );

  it("pauses the loop when the person types into a running iteration: it is answered and recorded, nothing runs until --resume", async () => {
    const PERSON = "Stop after this one, please.";
    const started = new Map<number, number>();
    const since = (request: LoggedRequest) => {
      const messages: { role?: string }[] = request.body.messages ?? [];
      return JSON.stringify(messages.slice(messages.map((message) => message.role).lastIndexOf("assistant") + 1));
    };
    const run = await launch(
      (request) => {
        if (request.kind !== "main") return { text: "a title" };
        if (since(request).includes(PERSON)) return { text: "Understood, I stop after this.\nREPEAT-RESULT: pass - stopped for you" };
        const iteration = iterationOf(request);
        if (iteration === null)
          return since(request).includes("tool_result") ? { text: "Checked it.\nREPEAT-RESULT: pass - fine" } : { text: "ok" };
        if (!started.has(iteration)) started.set(iteration, Date.now());
        return { toolUses: [{ name: "Bash", input: { command: "sleep 6; echo checked", description: "check" } }] };
      },
      {},
      ["--allowedTools", "Bash"],
    );
    await type("/loopkit:repeat 5s --iterations 3 check the service");
    await waitFor("iteration 1's tool call", () => (started.has(1) && Date.now() - started.get(1)! > 2_000 ? true : undefined), 60_000);
    await tmux("send-keys", "-t", "cc", "-l", PERSON);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await tmux("send-keys", "-t", "cc", "Enter");
    await waitFor("the loop to pause", () => (run.state()?.phase === "paused" ? true : undefined), 30_000);
    expect(run.state()).toMatchObject({ phase: "paused", iterations: [{ number: 1, result: "pass" }] });
    await waitFor("the person to be told", async () =>
      /paused before iteration 2\/3 .*you wrote to the session while iteration 1 ran/.test((await screen()).replace(/\s*\n\s*/g, " ")),
    );
    // Past the interval nothing runs.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(run.state()).toMatchObject({ phase: "paused", iterations: [{ number: 1 }] });
    expect(started.has(2)).toBe(false);
    await type("/loopkit:repeat --resume");
    await waitFor("the loop to end", () => run.state()?.phase === "ended", 90_000);
    expect(run.state()).toMatchObject({ final_status: "COMPLETED", iterations: [{ number: 1 }, { number: 2 }, { number: 3 }] });
    expect(unexpected(model), model.unexpected.join("\n")).toEqual([]);
  }, 180_000);

  it("records an API outage mid-loop (529 for three iterations) as failed iterations naming the error, and the breaker ends the loop", async () => {
    const run = await launch(
      (request) => {
        if (request.kind !== "main") return { text: "a title" };
        const iteration = iterationOf(request);
        if (iteration === null) return { text: "ok" };
        return iteration === 1 ? { text: "Checked it.\nREPEAT-RESULT: pass - fine" } : OVERLOADED;
      },
      // 2.1.197 retries a 529 even with x-should-retry: false; with no retries one answer is one failed turn.
      { CLAUDE_CODE_MAX_RETRIES: "0" },
    );
    await type("/loopkit:repeat 2s --iterations 5 check the service");
    await waitFor("the breaker to end the loop", () => run.state()?.phase === "ended", 90_000);
    expect(run.state()).toMatchObject({ final_status: "CIRCUIT_BREAKER", consecutive_failures: 3 });
    const record = await run.endedRecord();
    expect(record).toMatchObject({ final_status: "CIRCUIT_BREAKER", ended_at: expect.stringMatching(/Z$/) });
    expect(record.iterations.map((it: any) => [it.number, it.result])).toEqual([
      [1, "pass"],
      [2, "fail"],
      [3, "fail"],
      [4, "fail"],
    ]);
    for (const it of record.iterations.slice(1)) expect(it.summary).toMatch(/^API error \((server_error|overloaded)\): API Error: .*529/);
    // The session lives on, its input box free.
    await waitFor("the turn to end", async () => idle(await screen()));
    expect(
      run
        .requests()
        .map(iterationOf)
        .filter((n) => n !== null),
    ).toEqual([1, 2, 3, 4]);
    expect(unexpected(model), model.unexpected.join("\n")).toEqual([]);
  }, 180_000);

  it("an auto-loop turn cut off by an API error is not judged; the loop wakes itself after the backoff and reaches the goal", async () => {
    const run = await launch(
      loopScript({
        turns: [OVERLOADED, bash("echo hi > hello.txt")],
        vote: () => '{"vote": "achieved", "reasons": ["hello.txt says hi"]}',
      }),
      { CLAUDE_CODE_MAX_RETRIES: "0", LOOPKIT_API_RETRY_MS: "2000", LOOPKIT_AUDIT_TIMEOUT_MS: "60000" },
      ["--allowedTools", "Bash"],
    );
    await type(`/loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi`);
    // "none" until the skill has started the loop (typing returns first): only an ended loop counts.
    await waitFor(
      "the loop to end",
      () =>
        !["pursuing", "none"].includes(status(sandbox, { LOOPKIT_DATA_DIR: path.join(sandbox.root, "loopkit data") }).status)
          ? true
          : undefined,
      120_000,
    );
    const end = status(sandbox, { LOOPKIT_DATA_DIR: path.join(sandbox.root, "loopkit data") });
    // The cut-off turn cost no iteration: one judged turn, after the woken retry.
    expect(end).toMatchObject({ status: "achieved", iteration: 1 });
    const retried = run.requests().filter((r) => r.kind === "main" && !isAudit(r) && r.lastUserText.includes("cut off by an API error"));
    expect(retried).toHaveLength(1);
    expect(retried[0]!.lastUserText).toMatch(/API error \((server_error|overloaded)\): API Error: .*529/);
    expect(unexpected(model), model.unexpected.join("\n")).toEqual([]);
  }, 180_000);
});

describe.skipIf(terminal.skip)("an interactive session with an auto-loop", () => {
  const PERSON = "Stop the loop now. I will finish this myself.";
  it.each(["typed while a turn runs", "typed after Esc cut a turn off"])(
    "the person's word ends the pushing: a message %s is answered, no loop prompt follows, --status says paused; --resume goes on with their words",
    async (how) => {
      const data = { LOOPKIT_DATA_DIR: path.join(sandbox.root, "loopkit data") };
      const working: number[] = [];
      const answered: number[] = [];
      const resumed: string[] = [];
      /** What reached the model since its last answer (the person's text may sit in a tool result, a system message or beside hook context). */
      const lastMessage = (request: LoggedRequest) => {
        const messages: { role?: string }[] = request.body.messages ?? [];
        const answered = messages.map((message) => message.role).lastIndexOf("assistant");
        return JSON.stringify(messages.slice(answered + 1));
      };
      const run = await launch(
        (request) => {
          if (request.kind !== "main") return { text: "a title" };
          if (isAudit(request)) return { text: '{"vote": "achieved", "reasons": ["hello.txt says hi"]}' };
          // The prompt's own first line (the skill's text names it too, without the loop).
          if (/loopkit auto-loop resumed by the person \(loop /.test(request.lastUserText)) {
            resumed.push(request.lastUserText);
            return bash("echo hi > hello.txt");
          }
          if (lastMessage(request).includes(PERSON)) {
            answered.push(Date.now());
            return { text: "Understood: I stop here, the rest is yours." };
          }
          if (request.lastUserText.endsWith("what is 2+2")) return { text: "4" };
          if (lastMessage(request).includes("tool_result")) return { text: "Done with this step." };
          if (request.lastUserText.includes("loopkit auto-loop")) {
            working.push(Date.now());
            return bash("sleep 6; echo working");
          }
          return { text: "ok" };
        },
        { LOOPKIT_AUDIT_TIMEOUT_MS: "60000" },
        ["--allowedTools", "Bash"],
      );
      const loopPrompts = () =>
        run.requests().filter((r) => r.kind === "main" && !isAudit(r) && /loopkit auto-loop: iteration/.test(r.lastUserText));
      await type(`/loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi`);
      // The verifier fails (no hello.txt): the loop sends its second prompt; the person speaks during that turn's tool call.
      await waitFor(
        "the loop's second turn to run its tool",
        () => (working.length >= 2 && Date.now() - working[1]! > 2_000 ? true : undefined),
        90_000,
      );
      if (how.includes("Esc")) {
        await tmux("send-keys", "-t", "cc", "Escape");
        await waitFor("the interrupted turn to end", async () => idle(await screen()), 15_000);
        await type(PERSON);
      } else {
        // Enter during a turn queues the message; Claude Code hands it to the model mid-turn.
        await tmux("send-keys", "-t", "cc", "-l", PERSON);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await tmux("send-keys", "-t", "cc", "Enter");
      }
      await waitFor("the model to answer the person", () => answered.length > 0, 30_000);
      await waitFor("the loop to pause", () => (status(sandbox, data).status === "paused" ? true : undefined), 30_000);
      await waitFor("the turn to end", async () => idle(await screen()), 30_000);
      const promptsAtPause = loopPrompts().length;
      // Told once, where the person looks, how to go on.
      await waitFor("the person to be told how to go on", async () =>
        /paused for your message: no loop prompt follows .*Type \/loopkit:auto-loop --resume to go on/.test(
          (await screen()).replace(/\s*\n\s*/g, " "),
        ),
      );
      const paused = status(sandbox, data);
      expect(paused).toMatchObject({
        status: "paused",
        active: true,
        reason: "the person wrote to the session while the loop ran",
        pause: { by: "person", words: [PERSON] },
      });
      // Nothing pushes: no loop prompt reaches the model while it waits, and the person's next question is theirs alone.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await type("what is 2+2");
      await waitFor("the answer", () => (run.requests().some((r) => r.lastUserText.endsWith("what is 2+2")) ? true : undefined), 20_000);
      await waitFor("the turn to end", async () => idle(await screen()), 20_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(loopPrompts()).toHaveLength(promptsAtPause);
      expect(status(sandbox, data)).toMatchObject({
        status: "paused",
        iteration: paused.iteration,
        pause: { words: [PERSON, "what is 2+2"] },
      });
      expect(readFileSync(path.join(sandbox.project, ".auto-loop", "gate-history.jsonl"), "utf8")).toMatch(/"event":"pause"/);

      // The person goes on: their words lead the next prompt, and the loop reaches its goal.
      await type("/loopkit:auto-loop --resume");
      await waitFor("the loop to end", () => (status(sandbox, data).status === "achieved" ? true : undefined), 120_000);
      expect(resumed).toHaveLength(1);
      expect(resumed[0]).toContain(PERSON);
      expect(resumed[0]).toContain("what is 2+2");
      expect(resumed[0]!.indexOf(PERSON)).toBeLessThan(resumed[0]!.indexOf("Goal:"));
      expect(unexpected(model), model.unexpected.join("\n")).toEqual([]);
    },
    240_000,
  );
});

describe.skipIf(terminal.skip)("a loopkit command the agent schedules", () => {
  it("fires as a prompt (CronCreate) but is not the person's command: loopkit's hook does not run for it, and the waiting loop goes on", async () => {
    const latest = CLAUDE_BIN.includes("claude-code-latest");
    const fired: string[] = [];
    const toolResult = (request: LoggedRequest, named: string) =>
      JSON.stringify(request.body.messages.at(-1)?.content ?? "").includes(named);
    const run = await launch(
      (request) => {
        if (request.kind !== "main") return { text: "a title" };
        if (request.lastUserText.trim() === "/loopkit:repeat --cancel") {
          fired.push(request.lastUserText);
          return { text: "Only the person can type loopkit's commands." };
        }
        if (iterationOf(request) === 1) {
          // 2.1.332 offers CronCreate as a deferred tool: its schema is loaded first.
          return latest
            ? { toolUses: [{ name: "ToolSearch", input: { query: "select:CronCreate" } }] }
            : { toolUses: [{ name: "CronCreate", input: { cron: "* * * * *", prompt: "/loopkit:repeat --cancel", recurring: false } }] };
        }
        if (toolResult(request, "Scheduled")) return { text: "Checked it.\nREPEAT-RESULT: pass - scheduled a cancel" };
        if (latest && request.body.messages.at(-1)?.content?.some?.((block: { type?: string }) => block.type === "tool_result")) {
          return { toolUses: [{ name: "CronCreate", input: { cron: "* * * * *", prompt: "/loopkit:repeat --cancel", recurring: false } }] };
        }
        return { text: "ok" };
      },
      {},
      ["--allowedTools", "CronCreate,ToolSearch"],
    );
    await type("/loopkit:repeat 10m --iterations 2 check the service");
    await waitFor("iteration 1 to end and the loop to wait", () => run.state()?.phase === "waiting");
    await waitFor("the scheduled prompt to fire", () => fired.length > 0, 100_000);
    await waitFor("its turn to end", async () => idle(await screen()), 15_000);
    // It reached the model as the plain text it was: the skill was not expanded, so nothing ran for it.
    expect(run.state()).toMatchObject({ phase: "waiting", iteration: 1, final_status: null });
    expect(readdirSync(path.join(sandbox.root, "loopkit data", "answers"))).toEqual([`${run.state().session_id}.json`]);
    expect(
      JSON.parse(readFileSync(path.join(sandbox.root, "loopkit data", "answers", `${run.state().session_id}.json`), "utf8")).args,
    ).toBe("10m --iterations 2 check the service");
  }, 240_000);
});

describe.skipIf(terminal.skip)("a typed command loopkit's hook answers alone", () => {
  it("/loopkit:auto-loop --status: the answer under Claude Code's block label, and no request to the model", async () => {
    const run = await launch(() => ({ text: "a model turn" }));
    await type("/loopkit:auto-loop --status");
    await waitFor("the answer", async () => /Original prompt: \/loopkit:auto-loop --status/.test(await screen()));
    expect((await screen()).replace(/\s*\n\s*/g, " ")).toMatch(
      /● UserPromptExpansion operation blocked by hook: auto-loop: no loop in .*my project .* Original prompt: \/loopkit:auto-loop --status/,
    );
    expect(idle(await screen())).toBe(true);
    expect(run.requests()).toEqual([]);
  }, 120_000);
});
