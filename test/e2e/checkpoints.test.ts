// Checkpoints end to end: the real claude CLI runs loops whose scripted agent builds work, then
// destroys it; every iteration's tree is in loopkit's own record (its data folder), nothing of the
// person's moved, `loopkit restore` brings an iteration back, undoably, and `loopkit checkpoints
// export` puts them on a branch for plain git.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { runClaude, type ClaudeRun, type Sandbox } from "./harness/run-claude.js";
import { baseEnv, runCli } from "../support/bundle-driver.js";
import { bash, dataDirOf, hookPrompts, isAudit, loopkitEnv, loopScript, plugin } from "./auto-loop-helpers.js";
import { iterationScript, repeatEnv, result, stopMessages } from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
afterAll(() => plugin.remove());

const git = (...args: string[]) =>
  execFileSync("git", args, {
    cwd: sandbox.project,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, GIT_CONFIG_NOSYSTEM: "1" },
  });

/** `loopkit <args>` from a terminal in the project, as the person would run it. */
const loopkit = (...args: string[]) =>
  runCli(args, { plugin, cwd: sandbox.project, env: { ...baseEnv(sandbox.home), LOOPKIT_DATA_DIR: dataDirOf(sandbox) } });

/** Everything of the person's that checkpointing must leave alone. */
function personView() {
  return {
    head: git("rev-parse", "HEAD"),
    index: git("ls-files", "--stage"),
    refs: git("for-each-ref", "refs/heads", "refs/tags", "refs/stash"),
    stash: git("stash", "list"),
    reflog: git("reflog", "show", "--all"),
  };
}

/** The working tree's files (loopkit's own .auto-loop/ and .git left out), with their content. */
function treeFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(sandbox.project, { recursive: true, encoding: "utf8" })) {
    if (name === ".git" || name.startsWith(`.git${path.sep}`) || name.startsWith(".auto-loop")) continue;
    const full = path.join(sandbox.project, name);
    try {
      files[name] = readFileSync(full, "utf8");
    } catch {
      // a folder
    }
  }
  return files;
}

const filesAt = (commit: string) => git("ls-tree", "-r", "--name-only", commit).trim().split("\n");
const evidencePack = () => {
  const root = path.join(dataDirOf(sandbox), "evidence");
  const [key] = readdirSync(root);
  return path.join(root, key!, "objects.pack");
};

describe("checkpoints of an auto-loop", () => {
  // One loop for the whole block: the scripted agent builds work over two iterations, destroys it in the
  // third and reaches the goal in the fourth, in a repository where the person has an ignored file, a
  // stash and a staged file. Each test below checks one thing of what that loop left.
  useModelAndSandbox({ sandbox: "file" }, (world) => ({ model, sandbox } = world));
  let run: ClaudeRun;
  let before: ReturnType<typeof personView>;
  let after: Record<string, string>;
  let listed: ReturnType<typeof loopkit>;
  let record: any;
  beforeAll(async () => {
    writeFileSync(path.join(sandbox.project, ".gitignore"), "ignored/\n");
    git("add", ".gitignore");
    git("commit", "-q", "-m", "ignore ignored/");
    mkdirSync(path.join(sandbox.project, "ignored"));
    writeFileSync(path.join(sandbox.project, "ignored", "cache.txt"), "the person's ignored file\n");
    writeFileSync(path.join(sandbox.project, "stashed.txt"), "stash me\n");
    git("stash", "push", "-q", "--include-untracked", "-m", "the person's stash");
    writeFileSync(path.join(sandbox.project, "staged.txt"), "staged by the person\n");
    git("add", "staged.txt");
    before = personView();

    model.setScript(
      loopScript({
        turns: [
          bash("printf v1 > a.txt && printf b > b.txt"),
          bash("printf v2 > a.txt && mkdir -p src && printf c > src/c.txt"),
          // The agent undoes its own good work.
          bash("rm -rf a.txt b.txt src && git checkout -- . && printf junk > junk.txt"),
          bash("echo hi > hello.txt"),
        ],
        vote: () => 'Checked.\n{"vote": "achieved", "reasons": ["hello.txt says hi"]}',
      }),
    );
    run = await runClaude({
      model,
      sandbox,
      prompt: `/loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi`,
      pluginDir: plugin.dir,
      args: ["--allowedTools", "Bash"],
      env: loopkitEnv(sandbox),
      timeoutMs: 150_000,
    });
    after = treeFiles();
    listed = loopkit("checkpoints", "--json");
    record = listed.code === 0 ? JSON.parse(listed.stdout) : {};
  }, 240_000);

  it("the loop runs its four iterations to the goal, leaving the agent's last tree", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(after).sort()).toEqual([".gitignore", "README.md", "hello.txt", "ignored/cache.txt", "junk.txt", "staged.txt"]);
  });

  it("keeps one checkpoint per iteration, with its verdict, its tokens and what changed in it", () => {
    expect(listed.code, listed.stderr).toBe(0);
    expect(record.checkpoints.map((c: any) => [c.id, c.verdict])).toEqual([
      ["1", "fail"],
      ["2", "fail"],
      ["3", "fail"],
      ["4", "pass, audit achieved"],
    ]);
    const tokens = record.checkpoints.map((c: any) => c.tokens);
    expect(tokens[0]).toBeGreaterThan(0);
    expect([...tokens].sort((a: number, b: number) => a - b)).toEqual(tokens);
    // loopkit's own logs and gate history in .auto-loop/ are recorded like any file there (issue 25); the project's files:
    const projectPaths = (c: any) => c.changed.paths.filter((p: { path: string }) => !p.path.startsWith(".auto-loop/"));
    expect(projectPaths(record.checkpoints[0])).toEqual([
      { status: "A", path: "a.txt" },
      { status: "A", path: "b.txt" },
    ]);
    expect(projectPaths(record.checkpoints[1])).toEqual([
      { status: "M", path: "a.txt" },
      { status: "A", path: "src/c.txt" },
    ]);
    expect(projectPaths(record.checkpoints[2])).toEqual([
      { status: "D", path: "a.txt" },
      { status: "D", path: "b.txt" },
      { status: "A", path: "junk.txt" },
      { status: "D", path: "src/c.txt" },
    ]);
  });

  it("writes nothing into .git and moves nothing of the person's (HEAD, index, branches, stash, reflog)", () => {
    expect(
      git("for-each-ref")
        .trim()
        .split("\n")
        .every((line) => !line.includes("loopkit")),
    ).toBe(true);
    expect(personView()).toEqual(before);
  });

  it("names what the iteration changed in the next prompt and to the audit", () => {
    const prompts = hookPrompts(run.requests);
    expect(prompts[3]).toMatch(
      /Changed in this iteration \(from loopkit's checkpoints\): \d+ files \([^)]*3 deleted\)\n(?: {2}[AMD] \.auto-loop\/[^\n]*\n)* {2}D a\.txt\n {2}D b\.txt\n {2}A junk\.txt\n {2}D src\/c\.txt/,
    );
    const audit = JSON.stringify(run.requests.filter(isAudit).map((r) => r.body.messages));
    expect(audit).toContain("LAST ITERATION");
    expect(audit).toContain("A hello.txt");
  });

  it("--status counts the checkpoints, and their table shows plain git commands", () => {
    const status = JSON.parse(loopkit("auto-loop", "--project", sandbox.project, "--status", "--json").stdout || "{}");
    expect(status).toMatchObject({
      checkpoints: 4,
      checkpoint_record: expect.stringContaining(`${record.loop_id}.json`),
      checkpoint_failure: null,
    });
    const table = loopkit("checkpoints", record.loop_id).stdout;
    // loopkit's own files in .auto-loop/ (the gate history) are never counted as the agent's changes.
    expect(table).toMatch(/ 3 +3 +[0-9a-f]{12} +fail +\d+ +\d+ files \(\d+ added, 3 deleted\)/);
    expect(table).toContain(`loopkit checkpoints export ${record.loop_id} [<checkpoint>] --branch <name>`);
  });

  it("restores iteration 2 (exactly its files; ignored files, HEAD, index, branches and stash stay), undoably", () => {
    const restored = loopkit("restore", record.loop_id, "2");
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`undo with: loopkit restore ${record.loop_id} r1`);
    expect(treeFiles()).toEqual({
      ".gitignore": "ignored/\n",
      "README.md": "# sandbox project\n",
      "a.txt": "v2",
      "b.txt": "b",
      "ignored/cache.txt": "the person's ignored file\n",
      "src/c.txt": "c",
      "staged.txt": "staged by the person\n",
    });
    expect(existsSync(path.join(sandbox.project, ".auto-loop", "goal-state.json"))).toBe(true);
    expect(personView()).toEqual(before);

    // ... and the restore itself is undone the same way.
    const undone = loopkit("restore", record.loop_id, "r1");
    expect(undone.code, undone.stderr).toBe(0);
    expect(treeFiles()).toEqual(after);
    expect(personView()).toEqual(before);
    const final = JSON.parse(loopkit("checkpoints", record.loop_id, "--json").stdout);
    expect(final.checkpoints.map((c: any) => [c.id, c.kind, c.restored])).toEqual([
      ["1", "iteration", null],
      ["2", "iteration", null],
      ["3", "iteration", null],
      ["4", "iteration", null],
      ["r1", "before-restore", "2"],
      ["r2", "before-restore", "r1"],
    ]);
  });

  it("refuses to restore a checkpoint the loop does not have (exit 8)", () => {
    expect(loopkit("restore", record.loop_id, "9")).toMatchObject({ code: 8, stderr: expect.stringContaining('has no checkpoint "9"') });
  });

  it("exports the iterations on request as commits on a new branch, chained on HEAD, for plain git (ignored files left out)", () => {
    const exported = loopkit("checkpoints", "export", record.loop_id, "4", "--branch", "loopkit/iterations");
    expect(exported.code, exported.stderr).toBe(0);
    expect(git("rev-parse", "loopkit/iterations~4")).toBe(before.head);
    expect(filesAt("loopkit/iterations~3")).toEqual([".gitignore", "README.md", "a.txt", "b.txt", "staged.txt"]);
    expect(filesAt("loopkit/iterations~2")).toEqual([".gitignore", "README.md", "a.txt", "b.txt", "src/c.txt", "staged.txt"]);
    expect(git("show", "loopkit/iterations~2:a.txt")).toBe("v2");
    expect(filesAt("loopkit/iterations")).toEqual([".gitignore", "README.md", "hello.txt", "junk.txt", "staged.txt"]);
    expect(git("log", "-1", "--format=%s", "loopkit/iterations~1")).toMatch(
      new RegExp(`^loopkit: iteration 3 of auto-loop ${record.loop_id}: fail, \\d+ tokens\n$`),
    );
    expect(git("diff", "--name-status", "loopkit/iterations~3", "loopkit/iterations~2")).toBe("M\ta.txt\nA\tsrc/c.txt\n");
  });
});

describe("checkpoints of a repeat loop", () => {
  useModelAndSandbox({}, (world) => ({ model, sandbox } = world));
  const runRepeat = (iterations: number, commands = Array.from({ length: iterations }, (_, i) => `printf ${i + 1} > n.txt`)) => {
    const { script, seen } = iterationScript(
      commands.map((command) => bash(command)),
      () => result("REPEAT-RESULT: pass - wrote n.txt"),
    );
    model.setScript(script);
    return runClaude({
      model,
      sandbox,
      prompt: `/loopkit:repeat 1s --iterations ${iterations} "bump n.txt"`,
      pluginDir: plugin.dir,
      args: ["--allowedTools", "Bash"],
      env: repeatEnv(sandbox, { LOOPKIT_DATA_DIR: dataDirOf(sandbox), LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" }),
      timeoutMs: 120_000,
    }).then((run) => ({ run, seen }));
  };

  it("works in a repository with no commit: HEAD stays unborn and nothing is written into .git", async () => {
    rmSync(path.join(sandbox.project, ".git"), { recursive: true });
    git("init", "-q", "-b", "main");
    const { run } = await runRepeat(2);
    expect(run.exitCode, run.stderr).toBe(0);
    const record = JSON.parse(loopkit("checkpoints", "--json").stdout);
    expect(record.checkpoints.map((c: any) => [c.id, c.verdict, c.tokens, c.changed.modified])).toEqual([
      // Each repeat iteration's checkpoint holds that iteration's tokens.
      ["1", "pass", expect.any(Number), 0],
      ["2", "pass, COMPLETED", expect.any(Number), 1],
    ]);
    expect(() => git("rev-parse", "--verify", "-q", "HEAD")).toThrow();
    expect(git("ls-files")).toBe("");
    expect(git("for-each-ref")).toBe("");
  }, 180_000);

  it("keeps checkpoints in a folder that is no repository too, and restores them", async () => {
    rmSync(path.join(sandbox.project, ".git"), { recursive: true });
    const { run } = await runRepeat(2);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readFileSync(path.join(sandbox.project, "n.txt"), "utf8")).toBe("2");
    const record = JSON.parse(loopkit("checkpoints", "--json").stdout);
    expect(record.checkpoints.map((c: any) => c.id)).toEqual(["1", "2"]);
    expect(loopkit("restore", record.loop_id, "1").code).toBe(0);
    expect(readFileSync(path.join(sandbox.project, "n.txt"), "utf8")).toBe("1");
  }, 180_000);

  it("reports a checkpoint that fails in the next prompt and in --status, and goes on with the loop", async () => {
    // loopkit's own record breaks under it (not the agent's doing: the data folder is out of its reach).
    const breakRecord = () => {
      renameSync(evidencePack(), `${evidencePack()}.kept`);
      mkdirSync(evidencePack());
    };
    const mendRecord = () => {
      rmSync(evidencePack(), { recursive: true });
      renameSync(`${evidencePack()}.kept`, evidencePack());
    };
    const { script, seen } = iterationScript(
      [
        () => bash("printf 1 > n.txt"),
        () => (breakRecord(), bash("printf 2 > n.txt")),
        () => (mendRecord(), bash("printf 3 > n.txt")),
        () => (breakRecord(), bash("printf 4 > n.txt")),
      ],
      () => result("REPEAT-RESULT: pass - wrote n.txt"),
    );
    model.setScript(script);
    const run = await runClaude({
      model,
      sandbox,
      prompt: `/loopkit:repeat 1s --iterations 4 "bump n.txt"`,
      pluginDir: plugin.dir,
      args: ["--allowedTools", "Bash"],
      env: repeatEnv(sandbox, { LOOPKIT_DATA_DIR: dataDirOf(sandbox), LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" }),
      timeoutMs: 120_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
    expect(seen[2]!.prompt).toMatch(
      /loopkit could not record a checkpoint of iteration 2 \(loopkit could not record the project: .*\); the loop goes on/,
    );
    expect(seen[3]!.prompt).not.toMatch(/could not record a checkpoint/);
    // The last iteration's failure has no next prompt: the person's closing line and --status say it.
    const record = JSON.parse(loopkit("checkpoints", "--json").stdout);
    expect(record.checkpoints.map((c: any) => c.id)).toEqual(["1", "3"]);
    expect(record).toMatchObject({ failures: 2, failure: { iteration: 4 } });
    const status = JSON.parse(loopkit("repeat", "--project", sandbox.project, "--status", "--json").stdout);
    expect(status).toMatchObject({
      checkpoints: 2,
      checkpoint_failure: expect.stringMatching(/^iteration 4: loopkit could not record the project/),
    });
    expect(stopMessages(run.hookEvents).at(-1)).toMatch(/could not record a checkpoint of iteration 4/);
  }, 180_000);
});
