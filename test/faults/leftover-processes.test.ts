// Faults that leave processes: the Stop hook signalled or SIGKILLed while its verifier runs (a shell
// whose child sleeps), and a verifier that forks a daemon and exits. Nothing of theirs may stay running.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, groupMembers, groupOf, isRunning, useLoopWorld } from "./loop-world.js";

const loop = useLoopWorld("loopkit leftovers");
const pidIn = (name: string) => Number(readFileSync(path.join(loop.world.tmp, name), "utf8").trim());
const hasPid = (name: string) =>
  existsSync(path.join(loop.world.tmp, name)) && readFileSync(path.join(loop.world.tmp, name), "utf8").trim() !== "";

/** A loop whose verifier starts a sleeping child, writes its pid next to the project, and waits on it. */
function startWithSleepingVerifier(): void {
  // It sleeps only in a Stop: the start's baseline run (before the marker) fails at once.
  writeFileSync(path.join(loop.world.project, "verifier.sh"), "[ -f ../in-stop ] || exit 1\nsleep 300 &\necho $! > ../child.pid\nwait\n");
  expect(loop.start('goal --verify "sh verifier.sh"').code).toBe(0);
  writeFileSync(path.join(loop.world.tmp, "in-stop"), "");
  loop.unsandboxed();
}

/** Starts a Stop, waits until its verifier's child runs, and returns the hook and the verifier's process group. */
async function stopMidVerifier() {
  const hook = loop.startStop();
  await eventually(() => hasPid("child.pid"), Boolean, 60_000);
  const child = pidIn("child.pid");
  return { hook, child, group: groupOf(child) };
}

describe.skipIf(process.platform !== "linux")("a Stop hook ended mid-verifier", () => {
  it.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
    "by %s leaves no process of the verifier's group, and the loop is not judged",
    async (signal) => {
      startWithSleepingVerifier();
      const { hook, child, group } = await stopMidVerifier();
      expect(groupMembers(group)).toContain(child);
      hook.child.kill(signal);
      await hook.exited;
      expect(
        await eventually(
          () => groupMembers(group),
          (left) => left.length === 0,
        ),
      ).toEqual([]);
      expect(loop.status().json).toMatchObject({ status: "pursuing", last_audit_vote: null });
      expect(loop.corrupt()).toEqual([]);
    },
  );

  it("by SIGKILL leaves its verifier running, which the next hook event ends", async () => {
    startWithSleepingVerifier();
    const { hook, child, group } = await stopMidVerifier();
    hook.child.kill("SIGKILL");
    await hook.exited;
    // Nothing of the killed hook could act: its verifier still runs.
    expect(isRunning(child)).toBe(true);
    loop.sessionStart();
    expect(
      await eventually(
        () => groupMembers(group),
        (left) => left.length === 0,
      ),
    ).toEqual([]);
    expect(loop.status().json).toMatchObject({ status: "pursuing" });
  });
});

describe.skipIf(process.platform !== "linux")("a verifier that forks a daemon and exits", () => {
  it("has the daemon ended by the time the Stop answers", async () => {
    writeFileSync(
      path.join(loop.world.project, "verifier.sh"),
      "setsid sleep 300 >/dev/null 2>&1 </dev/null &\necho $! > ../daemon.pid\nexit 0\n",
    );
    expect(loop.start('goal --verify "sh verifier.sh"').code).toBe(0);
    loop.unsandboxed();
    const answer = loop.stop();
    expect(answer.code).toBe(0);
    const daemon = pidIn("daemon.pid");
    expect(
      await eventually(
        () => isRunning(daemon),
        (running) => !running,
      ),
    ).toBe(false);
  });
});
