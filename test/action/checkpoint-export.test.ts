import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUNDLE, exportCheckpoints } from "../../src/action/checkpoint-export.js";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { T0 } from "../auto-loop/fixtures.js";

let root: string;
let project: string;
let data: string;
let out: string;
const env = () => ({
  PATH: process.env.PATH ?? "",
  HOME: root,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@t",
});
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: env(), encoding: "utf8" }).trim();

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "loopkit export ")));
  project = path.join(root, "my project");
  data = path.join(root, "data");
  out = path.join(root, "artifact");
  mkdirSync(project);
  mkdirSync(out);
  git(project, "init", "-q", "-b", "main");
  writeFileSync(path.join(project, "a.txt"), "base\n");
  git(project, "add", "a.txt");
  git(project, "commit", "-q", "-m", "base");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Two checkpoints of loop-1, as the loop takes them. */
async function checkpointTwice(): Promise<void> {
  const loop = {
    dataDir: data,
    projectDir: project,
    loopId: "loop-1",
    loopKind: "auto-loop" as const,
    stateFile: path.join(data, "state.json"),
  };
  for (const [i, text] of ["one\n", "two\n"].entries()) {
    writeFileSync(path.join(project, "a.txt"), text);
    expect(await checkpointIteration(loop, { iteration: i + 1, verdict: "fail", tokens: 10 }, T0, deadlineIn(60_000))).toEqual([]);
  }
}

describe("exportCheckpoints", () => {
  it("writes the record and a bundle of the checkpoints as commits on loopkit/<loop id> that a clone of the repository can fetch", async () => {
    await checkpointTwice();
    expect(await exportCheckpoints(out, data, project, "loop-1", T0)).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(out, "checkpoints.json"), "utf8"))).toMatchObject({
      loop_id: "loop-1",
      checkpoints: [{ id: "1" }, { id: "2" }],
    });
    const clone = path.join(root, "clone");
    git(root, "clone", "-q", project, clone);
    git(clone, "fetch", "-q", path.join(out, BUNDLE), "refs/heads/loopkit/loop-1:refs/heads/loopkit/loop-1");
    expect(git(clone, "show", "loopkit/loop-1:a.txt")).toBe("two");
    expect(git(clone, "show", "loopkit/loop-1~1:a.txt")).toBe("one");
    expect(git(clone, "rev-parse", "loopkit/loop-1~2")).toBe(git(project, "rev-parse", "HEAD"));
  });

  it("works in a repository with no commit: the first checkpoint's commit has no parent", async () => {
    rmSync(path.join(project, ".git"), { recursive: true });
    git(project, "init", "-q", "-b", "main");
    await checkpointTwice();
    expect(await exportCheckpoints(out, data, project, "loop-1", T0)).toEqual([]);
    expect(git(project, "rev-list", "--count", "loopkit/loop-1")).toBe("2");
    expect(existsSync(path.join(out, BUNDLE))).toBe(true);
  });

  it("writes the record and no bundle outside a repository", async () => {
    rmSync(path.join(project, ".git"), { recursive: true });
    await checkpointTwice();
    expect(await exportCheckpoints(out, data, project, "loop-1", T0)).toEqual([]);
    expect(existsSync(path.join(out, "checkpoints.json"))).toBe(true);
    expect(existsSync(path.join(out, BUNDLE))).toBe(false);
  });

  it("says so when the loop has no checkpoints", async () => {
    expect(await exportCheckpoints(out, data, project, "loop-9")).toEqual([
      "no checkpoints of loop loop-9: checkpoints are taken at each iteration",
    ]);
  });
});
