// The runner lock: held while a runner lives; a runner killed outright (its pid gone, or taken by
// another process) is known gone at once, not only when its lock goes stale 10 s later.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdRunnerLock, runnerAlive } from "../../src/run/runner-lock.js";

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(os.tmpdir(), "loopkit runner lock "))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform !== "linux")("runnerAlive", () => {
  it.each([
    ["this process, which holds it", null, true],
    ["a pid that is gone", "999999999:1", false],
    ["a pid now taken by another process (its start time differs)", `${process.pid}:1`, false],
  ])("with the lock held by %s", async (_name, owner, alive) => {
    expect(await runnerAlive(dir)).toBe(false);
    const release = await holdRunnerLock(dir, () => undefined);
    if (owner) writeFileSync(path.join(dir, "runner.owner"), owner);
    expect(await runnerAlive(dir)).toBe(alive);
    await release();
    expect(await runnerAlive(dir)).toBe(false);
  });
});
