// loopkit's data folder on a small tmpfs that fills up, then turns read-only: a Stop fails its writes,
// keeps every file's last good version, says why in plain words (in its output and in --status), and
// the loop goes on from where it was once the disk can be written again. Needs root (mount); skipped otherwise.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { baseEnv, runCli } from "../support/bundle-driver.js";
import { makeProject, write } from "../checkpoint/repo-fixture.js";
import { useLoopWorld } from "./loop-world.js";

const root = process.platform === "linux" && process.getuid?.() === 0;
if (!root) console.log("full-disk faults skipped: mounting a tmpfs needs root on Linux");

const loop = useLoopWorld("loopkit full disk");
const mount = (...args: string[]) => expect(spawnSync("mount", args, { encoding: "utf8" }).status).toBe(0);

afterEach(() => {
  if (root) spawnSync("umount", ["-l", loop.world.data]);
});

/** The loop's data folder as a tmpfs of its own, with a started, unsandboxed loop in it. */
function loopOnTmpfs(): string {
  mkdirSync(loop.world.data);
  mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", loop.world.data);
  expect(loop.start("goal --verify true").code).toBe(0);
  loop.unsandboxed();
  const [key] = readdirSync(path.join(loop.world.data, "auto-loop"));
  return path.join(loop.world.data, "auto-loop", key!, "state.json");
}

/** Writes until the disk refuses: the filler file, to delete when space is to come back. */
function fillDisk(dir = loop.world.data): string {
  const filler = path.join(dir, "filler");
  const chunk = Buffer.alloc(4096, 1);
  try {
    for (;;) writeFileSync(filler, chunk, { flag: "a" });
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
  }
  return filler;
}

const statusText = () => runCli(["auto-loop", "--project", loop.world.project, "--status"], { env: loop.env() }).stdout;

describe.skipIf(!root)("loopkit's data folder full or read-only", () => {
  it(
    "a Stop on a full disk keeps the last good state, says the disk is full, and the loop goes on once space is back",
    { timeout: 180_000 },
    () => {
      const stateFile = loopOnTmpfs();
      const before = readFileSync(stateFile, "utf8");
      const filler = fillDisk();
      const answer = loop.stop();
      expect(answer.code).toBe(0);
      expect(answer.output?.decision).toBeUndefined();
      expect(answer.output?.systemMessage).toMatch(/the disk holding loopkit's data is full: .*The loop is not ended/);
      expect(readFileSync(stateFile, "utf8")).toBe(before);
      expect(loop.corrupt()).toEqual([]);
      expect(loop.status().json).toMatchObject({ status: "pursuing", iteration: 0 });
      expect(statusText()).toMatch(/Warning: the disk holding loopkit's data \(.*\) is full/);
      rmSync(filler);
      expect(loop.stop().output?.systemMessage).toMatch(/achieved the goal/);
      expect(loop.status().json).toMatchObject({ status: "achieved", last_verifier: "pass" });
      expect(statusText()).not.toMatch(/Warning/);
    },
  );

  it(
    "a Stop on a read-only data folder keeps the last good state, says so, and the loop goes on once it is writable",
    { timeout: 180_000 },
    () => {
      const stateFile = loopOnTmpfs();
      const before = readFileSync(stateFile, "utf8");
      mount("-o", "remount,ro", loop.world.data);
      const answer = loop.stop();
      expect(answer.output?.systemMessage).toMatch(/cannot write .* \(EROFS\).*The loop is not ended/);
      expect(readFileSync(stateFile, "utf8")).toBe(before);
      expect(statusText()).toMatch(/Warning: loopkit's data folder .* cannot be written \(EROFS\)/);
      mount("-o", "remount,rw", loop.world.data);
      expect(loop.stop().output?.systemMessage).toMatch(/achieved the goal/);
      expect(loop.corrupt()).toEqual([]);
    },
  );
});

describe.skipIf(!root)("a terminal `loopkit repeat` on a read-only or full data folder", () => {
  const repeat = (...args: string[]) =>
    runCli(["repeat", "--project", loop.world.project, ...args, "1m", "--iterations", "1", "check"], {
      env: loop.env({ LOOPKIT_STATS_FILE: path.join(loop.world.tmp, "stats.json") }),
    });
  const readOnly = () => mount("-o", "remount,ro", loop.world.data);
  const EROFS = /^loopkit: cannot write .*repeat-runs.* from here \(EROFS\); nothing was started .*remount it read-write/;
  const FULL = /the disk holding loopkit's data .*is full/;

  it.each([
    ["read-only, in this terminal", readOnly, [], EROFS],
    ["read-only, --detach", readOnly, ["--detach"], EROFS],
    ["full, in this terminal", fillDisk, [], FULL],
    ["full, --detach (the runner's log is empty)", fillDisk, ["--detach"], FULL],
  ])("%s: says which folder and why at once, never another runner or a bare error", (_name, fault, args, says) => {
    mkdirSync(loop.world.data);
    mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", loop.world.data);
    mkdirSync(path.join(loop.world.data, "repeat-runs"));
    fault();
    const ran = repeat(...args);
    expect(ran.code).not.toBe(0);
    expect(ran.stderr).toMatch(says);
    expect(ran.stderr).not.toMatch(/another .* runner|^loopkit: E[A-Z]+: /);
  });
});

describe.skipIf(!root)("`loopkit restore` into a project on a full or read-only disk", () => {
  let tmp = "";
  let project = "";
  afterEach(() => {
    spawnSync("umount", ["-l", project]);
    rmSync(tmp, { recursive: true, force: true });
  });

  /** A project on a 2 MB tmpfs with two checkpoints (a.txt and a 300 KB b.bin, then both changed); returns the restore of the first. */
  async function twoCheckpoints() {
    const made = makeProject({ init: false });
    [tmp, project] = [made.root, made.project];
    mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", project);
    const at = (iteration: number) =>
      checkpointIteration(made.loop(), { iteration, verdict: "fail", tokens: null }, new Date(), deadlineIn(60_000));
    write(project, "a.txt", "one\n");
    write(project, "b.bin", "b".repeat(300_000));
    await at(1);
    write(project, "a.txt", "two\n");
    write(project, "b.bin", "small\n");
    await at(2);
    return () => runCli(["restore", "loop-1", "1", "--plugin-data", made.data], { env: baseEnv(tmp) });
  }
  const leftTemp = () => readdirSync(project).filter((name) => name.startsWith(".loopkit-restore-"));

  it(
    "full: says what it restored and what not, leaves no temp file, and a retry with space back finishes",
    { timeout: 120_000 },
    async () => {
      const restore = await twoCheckpoints();
      const filler = fillDisk(project);
      truncateSync(filler, statSync(filler).size - 16_384);
      const failed = restore();
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/the restore of checkpoint 1 stopped at b\.bin: the disk holding the project is full \(ENOSPC\)/);
      expect(failed.stderr).toMatch(
        /Restored before it stopped \(1 written, 0 deleted\):\n  a\.txt\nNot restored: b\.bin and what comes after it/,
      );
      expect(failed.stderr).toMatch(/free some space .* loopkit restore loop-1 1 again .*loopkit restore loop-1 r1 puts back/);
      expect(leftTemp()).toEqual([]);
      expect(readFileSync(path.join(project, "b.bin"), "utf8")).toBe("small\n");
      rmSync(filler);
      expect(restore().code).toBe(0);
      expect(readFileSync(path.join(project, "b.bin"), "utf8")).toBe("b".repeat(300_000));
    },
  );

  it("read-only: says nothing was restored and why; once writable, the same restore finishes", { timeout: 120_000 }, async () => {
    const restore = await twoCheckpoints();
    mount("-o", "remount,ro", project);
    const failed = restore();
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/stopped at a\.txt: the project's folder cannot be written \(EROFS\)\.\nNothing was restored\./);
    mount("-o", "remount,rw", project);
    expect(leftTemp()).toEqual([]);
    expect(restore().code).toBe(0);
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("one\n");
  });
});

describe.skipIf(!root)("the project's disk full or read-only during a turn", () => {
  afterEach(() => spawnSync("umount", ["-l", loop.world.project]));

  it.each([
    ["full", () => fillDisk(loop.world.project), /the disk holding the project .* is full: could not write .*\.auto-loop.* \(ENOSPC\)/],
    [
      "read-only",
      () => {
        mount("-o", "remount,ro", loop.world.project);
        return null;
      },
      /the project .* cannot be written: could not write .*\.auto-loop.* \(EROFS\)/,
    ],
  ])(
    "%s: the Stop pauses the loop, names the disk, leaves no temp file; the loop goes on once it can be written",
    { timeout: 180_000 },
    (_name, fault, says) => {
      mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", loop.world.project);
      spawnSync("git", ["init", "-q"], { cwd: loop.world.project });
      expect(loop.start("goal --verify true").code).toBe(0);
      loop.unsandboxed();
      const filler = fault();
      const answer = loop.stop();
      expect(answer.code).toBe(0);
      expect(answer.output?.decision).toBeUndefined();
      expect(answer.output?.systemMessage).toMatch(says);
      expect(answer.output?.systemMessage).toMatch(/The loop is not ended: .* once that folder can be written again/);
      expect(listTemp(path.join(loop.world.project, ".auto-loop"))).toEqual([]);
      expect(loop.status().json).toMatchObject({ status: "pursuing", iteration: 0 });
      if (filler) rmSync(filler);
      else mount("-o", "remount,rw", loop.world.project);
      expect(loop.stop().output?.systemMessage).toMatch(/achieved the goal/);
      expect(loop.status().json).toMatchObject({ status: "achieved", tamper_count: 0 });
      expect(loop.corrupt()).toEqual([]);
    },
  );
});

/** Temp files left anywhere below `dir`. */
function listTemp(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".tmp"));
}
