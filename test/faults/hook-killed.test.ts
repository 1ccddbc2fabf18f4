// loopkit's UserPromptExpansion hook ended (SIGKILL, SIGTERM) while the start it carries out runs its
// baseline verifier: Claude Code then tells the person that nothing was started, so nothing may be.
// The hook's CLI run and the verifier end with it, no loop appears, and the project gains no file.
import { spawn } from "node:child_process";
import { chmodSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookCommand, hookPayload } from "../support/bundle-driver.js";
import { eventually, useLoopWorld } from "./loop-world.js";

const loop = useLoopWorld("loopkit hook killed");

/** Live processes that work for this test's project: their command line or folder names it, or their environment names its data folder. */
function processesOfProject(): number[] {
  const mine = (pid: string) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8");
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2)[0] === "Z") return false;
      return cmdline.includes(loop.world.project) || cwd.startsWith(loop.world.project) || environ.includes(loop.world.data);
    } catch {
      return false;
    }
  };
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid && mine(name))
    .map(Number);
}

describe.skipIf(process.platform !== "linux")("the start hook ended during the baseline verifier", () => {
  it.each(["SIGKILL", "SIGTERM"] as const)("%s: nothing runs on, no loop appears, no file is left", { timeout: 90_000 }, async (signal) => {
    const verify = path.join(loop.world.project, "verify.sh");
    writeFileSync(verify, `#!/bin/sh\necho > "${path.join(loop.world.project, "verify.ran")}"\nexec sleep 60\n`);
    chmodSync(verify, 0o755);
    const before = readdirSync(loop.world.project).sort();
    // Claude Code runs the hook in the project.
    const [node, ...args] = hookCommand({});
    const hook = spawn(node!, args, { cwd: loop.world.project, env: loop.env(), stdio: ["pipe", "ignore", "ignore"] });
    hook.stdin.end(
      JSON.stringify(
        hookPayload("UserPromptExpansion", {
          session_id: "s-1",
          cwd: loop.world.project,
          expansion_type: "slash_command",
          command_name: "loopkit:auto-loop",
          command_args: "make it pass --verify ./verify.sh",
          command_source: "plugin",
        }),
      ),
    );
    const exited = new Promise((resolve) => hook.on("exit", resolve));
    const ran = await eventually(() => readdirSync(loop.world.project).includes("verify.ran"), Boolean, 60_000);
    expect(ran).toBe(true);
    hook.kill(signal);
    await exited;
    expect(await eventually(processesOfProject, (pids) => pids.length === 0)).toEqual([]);
    expect(loop.status().json).not.toMatchObject({ status: "pursuing" });
    expect(readdirSync(loop.world.project).sort()).toEqual([...before, "verify.ran"].sort());
  });
});
