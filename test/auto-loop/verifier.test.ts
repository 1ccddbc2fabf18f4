import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runVerifier } from "../../src/auto-loop/runners/verifier.js";
import { isAlive } from "../support/processes.js";

// A sleep only this test process starts (other worktrees on the machine run this file too).
const SLEEP = `sleep ${300 + (process.pid % 997) / 1000}`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit verifier "));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A killed process may linger as a zombie until its new parent reaps it: that counts as dead.

describe("runVerifier", () => {
  it("passes on exit 0 and runs in the given folder", async () => {
    const result = await runVerifier("pwd; echo ok", dir, 10_000);
    expect(result).toMatchObject({ exitCode: 0, passed: true, timedOut: false });
    expect(result.output).toBe(`${dir}\nok\n`);
  });

  it("fails on a non-zero exit and keeps stderr in the output", async () => {
    const result = await runVerifier("echo broken >&2; exit 3", dir, 10_000);
    expect(result).toMatchObject({ exitCode: 3, passed: false, timedOut: false });
    expect(result.outputTail).toContain("broken");
  });

  it("kills the whole tree on timeout, grandchild included", async () => {
    const pidFile = path.join(dir, "grandchild.pid");
    const result = await runVerifier(`sh -c '${SLEEP} & echo $! > "${pidFile}"; wait'; echo never`, dir, 1_000);
    expect(result).toMatchObject({ passed: false, timedOut: true });
    expect(result.output).not.toContain("never");
    expect(result.outputTail).toMatch(
      /loopkit: the verifier timed out after 1s and was stopped, with every process it started; it printed nothing before that\.\n$/,
    );
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isAlive(grandchild)).toBe(false);
  });

  it("does not wait for a background process the command left behind", async () => {
    const pidFile = path.join(dir, "bg.pid");
    const result = await runVerifier(`${SLEEP} & echo $! > "${pidFile}"; echo started`, dir, 60_000);
    expect(result).toMatchObject({ exitCode: 0, passed: true, timedOut: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });

  it.skipIf(process.platform !== "linux")(
    "is bounded by its timeout when children that left its process group keep its output open, and ends them",
    async () => {
      const pidFile = path.join(dir, "escaped.pid");
      const started = Date.now();
      // One escapes with setsid, one with a double fork; both keep stdout and stderr open.
      const result = await runVerifier(
        `setsid ${SLEEP} & echo $! > "${pidFile}"; (sh -c '${SLEEP}' &) ; echo started; ${SLEEP}`,
        dir,
        1_000,
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result).toMatchObject({ passed: false, timedOut: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
    },
    30_000,
  );

  it.skipIf(process.platform !== "linux")(
    "returns soon after a passing shell whose escaped child holds the output, and ends that child",
    async () => {
      const pidFile = path.join(dir, "escaped.pid");
      const started = Date.now();
      const result = await runVerifier(`setsid ${SLEEP} & echo $! > "${pidFile}"; echo started`, dir, 60_000);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result).toMatchObject({ exitCode: 0, passed: true });
      expect(result.output).toContain("started");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
    },
    30_000,
  );

  it("keeps only a bounded head and tail of 100 MB of output", async () => {
    const result = await runVerifier("head -c 100000000 /dev/zero | tr '\\0' 'a'; echo; echo the-end", dir, 60_000);
    expect(result.passed).toBe(true);
    expect(result.outputBytes).toBe(100_000_000 + "\nthe-end\n".length);
    expect(result.output.length).toBeLessThan(100_000);
    expect(result.output).toMatch(/bytes of output omitted/);
    expect(result.outputTail.length).toBeLessThanOrEqual(5_000);
    expect(result.outputTail).toMatch(/the-end\n$/);
  }, 60_000);

  it("treats the command as the person's shell line, quotes and all", async () => {
    const result = await runVerifier(`test "$(printf '%s' 'a b')" = "a b" && echo same`, dir, 10_000);
    expect(result.output).toBe("same\n");
  });
});

// Guard against a leak in this file itself: none of its sleeps may survive a test.
afterEach(() => {
  const left = execFileSync("sh", ["-c", `ps -eo args | grep -c "^${SLEEP}$" || true`], { encoding: "utf8" });
  expect(Number(left.trim())).toBe(0);
});
