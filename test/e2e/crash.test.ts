// kill -9 in the middle of a loop (issue 5): the claude process or loopkit's Stop hook is killed at a
// random point, a few times in a row; after each kill the state is valid, no lock holds the workspace,
// and `claude -p --resume <id>` carries the loop on until it reaches the goal.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withLock } from "../../src/state/json-store.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import type { FakeModel, LoggedRequest, ScriptedReply } from "./harness/fake-model.js";
import { startClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, dataDirOf, isAudit, loopkitCli, loopkitEnv, plugin, readHistory, status } from "./auto-loop-helpers.js";
import { isAlive } from "../support/processes.js";

const ROUNDS = 4;
const ACHIEVED = '{"vote": "achieved", "reasons": ["hello.txt says hi"]}';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Whether Claude Code has put the session's first prompt in a transcript under HOME: 2.1.332 writes a
 * bookkeeping line at once and flushes the prompt some 80 ms after the first request; a kill before that
 * leaves a session that `--resume` does not find ("No conversation found"), whatever loopkit does.
 */
const transcriptWritten = (home: string) => {
  const projects = path.join(home, ".claude", "projects");
  try {
    return readdirSync(projects, { withFileTypes: true }).some(
      (folder) =>
        folder.isDirectory() &&
        readdirSync(path.join(projects, folder.name)).some(
          (name) => name.endsWith(".jsonl") && /"type":"user"/.test(readFileSync(path.join(projects, folder.name, name), "utf8")),
        ),
    );
  } catch {
    return false;
  }
};
/**
 * The Stop hook running the verifier: the parent of the process whose command line carries `token`
 * (the verifier's shell, or loopkit's sandbox launcher holding the command in its request). Inside a
 * sandbox the verifier cannot write outside the project, and its $PPID is its own namespace's.
 */
function hookRunningVerifier(token: string): number | null {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(token)) continue;
      const parent = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
      if (parent > 1 && readFileSync(`/proc/${parent}/cmdline`, "utf8").includes(plugin.hook)) return parent;
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ sandbox: "file", tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

describe("kill -9 in a loop, then resume", () => {
  it(`stays valid and resumable through ${ROUNDS} random kills of claude or the hook, then reaches the goal`, async () => {
    // The verifier carries a token, so the test can find the hook process running it and kill exactly that one.
    const token = `crash-test-${process.pid}-${Date.now()}`;
    const verify = `: ${token}; sleep 1; test "$(cat hello.txt)" = hi`;
    let final = false;
    let firstRequestOfRound: () => void = () => {};
    model.setScript((request: LoggedRequest): ScriptedReply => {
      if (request.kind !== "main") return { text: "ok" };
      if (isAudit(request)) return { text: ACHIEVED };
      firstRequestOfRound();
      if (request.body.messages.at(-1)?.content?.some?.((block: { type?: string }) => block.type === "tool_result"))
        return { text: "Step done.", delayMs: 200 };
      return { ...bash(final ? "echo hi > hello.txt" : `echo try-${request.index} > hello.txt`), delayMs: 300 };
    });

    const log: string[] = [];
    let sessionId: string | undefined;
    for (let round = 1; round <= ROUNDS; round += 1) {
      let hookPid: number | null = null;
      // Any hook seen running the verifier this round, so an orphan is waited for after the kill.
      let seen: number | null = null;
      const watch = setInterval(() => (seen = hookRunningVerifier(token) ?? seen), 100);
      const target = round % 2 === 1 ? "claude" : "hook";
      const started = startClaude({
        model,
        sandbox,
        pluginDir: plugin.dir,
        prompt: sessionId ? "continue" : `/loopkit:auto-loop make hello.txt say hi --verify ${verify}`,
        resume: sessionId,
        args: ["--allowedTools", "Bash"],
        env: loopkitEnv(sandbox),
        timeoutMs: 120_000,
      });
      const delay = Math.floor(Math.random() * (target === "claude" ? 4_000 : 1_500));
      if (target === "claude") {
        // From the round's first model request on (the loop exists by then), at a random moment; in the
        // first round only once the session is on disk, since a kill before that is not resumable in Claude Code itself.
        const armed = new Promise<void>((resolve) => (firstRequestOfRound = resolve));
        void armed.then(async () => {
          for (let waited = 0; waited < 60_000 && !sessionId && !transcriptWritten(sandbox.home); waited += 20) await sleep(20);
          setTimeout(() => started.child.kill("SIGKILL"), delay);
        });
      } else {
        void (async () => {
          for (let waited = 0; waited < 60_000 && !(hookPid = hookRunningVerifier(token)); waited += 50) await sleep(50);
          await sleep(delay);
          if (hookPid && isAlive(hookPid)) process.kill(hookPid, "SIGKILL");
          // Claude Code goes on after a dead Stop hook (the loop's next Stop judges again); end the round.
          await sleep(Math.floor(Math.random() * 2_000));
          started.child.kill("SIGKILL");
        })();
      }
      const result = await started.done;
      clearInterval(watch);
      firstRequestOfRound = () => {};
      sessionId ??= result.sessionId;
      console.log(`round ${round}: killed ${target} after ${delay} ms (claude exit ${result.exitCode ?? result.signal})`);
      log.push(`round ${round}: killed ${target} after ${delay} ms (claude exit ${result.exitCode ?? result.signal})`);
      // A hook orphaned by a killed claude finishes on its own; let it, then look.
      const orphan = hookPid ?? hookRunningVerifier(token) ?? seen ?? 0;
      for (let waited = 0; waited < 30_000 && orphan > 1 && isAlive(orphan); waited += 100) await sleep(100);

      const cli = loopkitCli(sandbox, ["--status", "--json"]);
      expect(cli.code, `${log.join("\n")}\n${cli.stderr}`).toBe(3);
      expect(JSON.parse(cli.stdout)).toMatchObject({ status: "pursuing", session_id: sessionId });
      // No lock is left behind for longer than its staleness window: the store can take it now.
      await withLock(loopFiles(dataDirOf(sandbox), sandbox.project).state, async () => undefined);
      expect(
        readHistory(sandbox).every((entry) => entry.version === 1),
        log.join("\n"),
      ).toBe(true);
    }

    final = true;
    const resumed = await startClaude({
      model,
      sandbox,
      pluginDir: plugin.dir,
      prompt: "continue",
      resume: sessionId,
      args: ["--allowedTools", "Bash"],
      env: loopkitEnv(sandbox),
      timeoutMs: 120_000,
    }).done;
    expect(resumed.exitCode, `${log.join("\n")}\n${resumed.stderr}`).toBe(0);
    const end = status(sandbox);
    expect(end, log.join("\n")).toMatchObject({
      status: "achieved",
      session_id: sessionId,
      last_verifier: "pass",
      last_audit_vote: "achieved",
    });
    expect(end.iteration).toBeGreaterThanOrEqual(1);
    console.log(`achieved at iteration ${end.iteration}`);
  }, 400_000);
});
