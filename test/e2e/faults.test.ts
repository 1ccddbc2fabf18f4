// A Stop hook ended by SIGTERM while its verifier runs (Esc during a Stop, a hook timeout), through the
// real CLI: nothing of the verifier is left running (issue 27). The verifier's shell starts a child
// that sleeps; both carry a token in their command line, so the test finds them from outside any sandbox.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FakeModel, LoggedRequest, ScriptedReply } from "./harness/fake-model.js";
import { startClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, isAudit, loopkitEnv, plugin, status } from "./auto-loop-helpers.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Live (not zombie) processes whose command line carries `token`. */
function carrying(token: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(token)) return false;
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** loopkit's Stop hook: the process running dist/hook.cjs that is an ancestor of one carrying `token`. */
function hookAbove(token: string): number | null {
  for (let pid of carrying(token)) {
    while (pid > 1) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(plugin.hook)) return pid;
        pid = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
      } catch {
        break;
      }
    }
  }
  return null;
}

const running = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

/** Every live process below `root`, by the parent each names. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      parentOf.set(Number(name), Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${name}/status`, "utf8"))?.[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const below = (pid: number): boolean => {
    for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at)) if (at === root) return true;
    return false;
  };
  return [...parentOf.keys()].filter((pid) => below(pid) && running(pid));
}

const isSleeper = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("sleep\u0000300");
  } catch {
    return false;
  }
};

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

describe.skipIf(process.platform !== "linux")("a Stop hook ended mid-verifier", () => {
  it("by SIGTERM leaves nothing of the verifier running, and the loop unjudged", async () => {
    const token = `faults-e2e-${process.pid}-${Date.now()}`;
    // It sleeps only once the agent's turn left in-stop: the start's baseline run fails at once.
    const verify = `test -f in-stop && { sh -c 'sleep 300; : ${token}' & wait; }`;
    let turns = 0;
    model.setScript((request: LoggedRequest): ScriptedReply => {
      if (request.kind !== "main") return { text: "ok" };
      if (isAudit(request)) return { text: '{"vote": "achieved", "reasons": ["fake"]}' };
      return turns++ === 0 ? bash("touch in-stop") : { text: "Done for now." };
    });
    const started = startClaude({
      model,
      sandbox,
      pluginDir: plugin.dir,
      prompt: `/loopkit:auto-loop make it so --verify ${verify}`,
      args: ["--allowedTools", "Bash"],
      env: loopkitEnv(sandbox),
      timeoutMs: 180_000,
    });
    // The Stop hook once its verifier's sleeping child runs, and every process below it then: the verifier's tree.
    let hook: number | null = null;
    let tree: number[] = [];
    for (let waited = 0; waited < 150_000 && !tree.some(isSleeper); waited += 100) {
      await sleep(100);
      hook = hookAbove(token);
      tree = hook ? descendants(hook) : [];
    }
    expect(tree.some(isSleeper), "the Stop hook never ran the verifier").toBe(true);
    process.kill(hook!, "SIGTERM");
    let left = tree.filter(running);
    for (let waited = 0; waited < 30_000 && left.length > 0; waited += 100) {
      await sleep(100);
      left = tree.filter(running);
    }
    started.child.kill("SIGKILL");
    await started.done;
    expect(left).toEqual([]);
    expect(status(sandbox)).toMatchObject({ status: "pursuing", last_audit_vote: null });
  }, 300_000);
});
