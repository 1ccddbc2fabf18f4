// `loopkit repeat` typed in a terminal: what is refused before anything starts (exit 2, a clear
// message, no folder, no stats, no claude), and that nothing in the project can be taken for a loop.
// The loop itself runs against the real claude in test/e2e/repeat-terminal.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { splitAtDoubleDash } from "../../src/cli/double-dash.js";
import { claudeOptions } from "../../src/cli/repeat-terminal.js";
import { runLoopkit } from "./cli-io.js";

let home: string;
let project: string;
let claude: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "loopkit terminal "));
  project = path.join(home, "my project");
  mkdirSync(project);
  // A stand-in claude outside the project: none of these cases may ever run it.
  claude = path.join(home, "bin", "claude");
  mkdirSync(path.dirname(claude));
  writeFileSync(claude, `#!/bin/sh\ntouch "${path.join(home, "CLAUDE-RAN")}"\n`, { mode: 0o755 });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const terminal = (args: string[], env: Record<string, string> = {}) =>
  runLoopkit(["repeat", ...args], {
    env: { HOME: home, PATH: "/usr/bin:/bin", LOOPKIT_STATS_FILE: path.join(home, "stats.json"), LOOPKIT_CLAUDE_BIN: claude, ...env },
    cwd: project,
  });

describe("loopkit repeat from a terminal refuses bad input before anything starts", () => {
  it.each([
    [["--iterations", "0", "/test"], /invalid --iterations "0": expected a whole number from 1 to 1000/],
    [["5", "/test"], /invalid interval "5": use units h, m, s/],
    [["5m"], /no command/],
    [["5m", "/test", "--bogus"], /unknown option --bogus/],
    [
      ["--status", "--fresh"],
      /--detach, --fresh, --timeout and claude options \(after --\) go with a start or --resume, not with --status/,
    ],
    [["--status", "--timeout", "5m"], /--timeout and claude options \(after --\) go with a start or --resume, not with --status/],
    [["5m", "/test", "--timeout", "soon"], /invalid --timeout "soon": use units h, m, s/],
    [["5m", "/test", "--timeout", "0s"], /invalid --timeout "0s": must be longer than zero/],
    [["5m", "/test", "--timeout"], /option '--timeout <duration>' argument missing/],
    [["--resume", "--timeout", "5m"], /--timeout goes with a start: a resumed loop keeps the iteration timeout it started with/],
    [["--cancel", "--detach"], /not with --cancel/],
    [["--status", "--", "--model", "x"], /not with --status/],
    [["--resume", "--fresh"], /--fresh goes with a start: a resumed loop keeps the conversation mode it started with/],
    [["--resume", "--", "--model", "x"], /--resume keeps the claude options the loop started with/],
    [["5m", "/test", "--", "--resume", "abc"], /--resume is set by loopkit repeat itself and cannot be passed to claude/],
    [["5m", "/test", "--", "-p"], /-p is set by loopkit repeat itself/],
    [["5m", "/test", "--", "--output-format=json"], /--output-format is set by loopkit repeat itself/],
    [["5m", "/test", "--", "--session-id", "x"], /--session-id is set by loopkit repeat itself/],
    [
      ["5m", "/test", "--", "--settings", "missing.json"],
      /--settings missing.json: ENOENT: no such file or directory, open .*missing.json/,
    ],
    [
      ["--session", "s-1", "--detach", "5m", "/test"],
      /--detach, --fresh and --timeout are for a loop started from a terminal, without --session/,
    ],
    [["--session", "s-1", "--timeout", "5m", "5m", "/test"], /--timeout are for a loop started from a terminal, without --session/],
    [["--session", "terminal-1", "5m", "/test"], /terminal-1 is the key of a loop run from a terminal, not a Claude Code session/],
  ])("%j exits 2 with a clear message", async (args, message) => {
    const result = await terminal(args);
    expect(result.code, result.stdout).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(readdirSync(home).sort()).toEqual(["bin", "my project"]);
  });

  it("a settings file that is not JSON, a claude that is not there or is inside the project: exit 2, nothing started", async () => {
    writeFileSync(path.join(project, "settings.json"), "not json");
    expect((await terminal(["5m", "/test", "--", "--settings", "settings.json"])).stderr).toMatch(
      /--settings settings.json is not valid JSON/,
    );
    const missing = await terminal(["5m", "/test"], { LOOPKIT_CLAUDE_BIN: path.join(home, "nope") });
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/LOOPKIT_CLAUDE_BIN .*nope is not an executable file/) });
    const inside = path.join(project, "claude");
    writeFileSync(inside, "#!/bin/sh\n", { mode: 0o755 });
    const planted = await terminal(["5m", "/test"], { LOOPKIT_CLAUDE_BIN: inside });
    expect(planted).toMatchObject({ code: 2, stderr: expect.stringMatching(/is inside the project, where the agent could replace it/) });
    expect(readdirSync(home).sort()).toEqual(["bin", "my project"]);
  });

  it("under the recursion guard (inside a claude that loopkit started) no loop starts or resumes", async () => {
    for (const args of [["5m", "/test"], ["--resume"]]) {
      const result = await terminal(args, { VD_AUTOLOOP_DEPTH: "1" });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/does not start inside a Claude Code run that loopkit itself started/);
    }
    expect(existsSync(path.join(home, "CLAUDE-RAN"))).toBe(false);
  });
});

describe("a loop state planted in the project starts nothing", () => {
  it("a repeat state file where a cloned repository could carry one is no loop: --resume and --status find nothing", async () => {
    const state = {
      version: 1,
      loop_id: "loop-1",
      session_id: "terminal-00000000-0000-4000-8000-000000000000",
      project_dir: realpathSync(project),
      command: "rm -rf /",
      interval_ms: 60_000,
      max_iterations: 5,
      stats_file: path.join(project, "stats.json"),
      started_at: "2026-11-30T11:00:00.000Z",
      phase: "waiting",
      iteration: 1,
      iteration_started_at: "2026-11-30T11:00:00.000Z",
      next_at: "2026-11-30T11:01:00.000Z",
      wait_token: "t",
      wait_owner: null,
      prompt_id: null,
      consecutive_failures: 0,
      iterations: [],
      final_status: null,
      ended_at: null,
      terminal: { claude_bin: claude, claude_args: [], fresh: false, conversation: null, pid: 1, log_file: null },
    };
    for (const dir of [".loopkit/repeat", "repeat", ".claude/loopkit/repeat"]) {
      mkdirSync(path.join(project, dir), { recursive: true });
      writeFileSync(path.join(project, dir, `${state.session_id}.json`), JSON.stringify(state));
    }
    const resume = await terminal(["--resume"]);
    expect(resume).toMatchObject({ code: 8, stderr: expect.stringMatching(/no repeat loop run from a terminal to resume/) });
    expect((await terminal(["--status"])).code).toBe(8);
    expect(existsSync(path.join(home, "CLAUDE-RAN"))).toBe(false);
  });
});

describe("splitAtDoubleDash", () => {
  it.each([
    // commander keeps `--` after an unknown option, and drops it otherwise: the raw arguments decide.
    [["5m", "/x"], ["repeat", "5m", "/x"], { loopWords: ["5m", "/x"], claudeArgs: [] }],
    [["5m", "/x", "--model", "m"], ["repeat", "5m", "/x", "--", "--model", "m"], { loopWords: ["5m", "/x"], claudeArgs: ["--model", "m"] }],
    [
      ["--iterations", "2", "x", "--", "--model", "m"],
      ["repeat", "--iterations", "2", "x", "--", "--model", "m"],
      { loopWords: ["--iterations", "2", "x"], claudeArgs: ["--model", "m"] },
    ],
    [["5m", "a -- b"], ["repeat", "5m", "a -- b"], { loopWords: ["5m", "a -- b"], claudeArgs: [] }],
    [["x", "--", "--", "y"], ["repeat", "--detach", "x", "--", "--", "y"], { loopWords: ["x"], claudeArgs: ["--", "y"] }],
  ])("%j", (words, raw, expected) => {
    expect(splitAtDoubleDash(words, raw)).toEqual(expected);
  });
});

describe("claudeOptions", () => {
  it("keeps the person's options, and reads a --settings file in as its JSON text (fixed at the start)", () => {
    writeFileSync(path.join(project, "s.json"), '{"model":"m","env":{"A":"1"}}');
    expect(claudeOptions(["--model", "x", "--allowedTools", "Bash"], project)).toEqual(["--model", "x", "--allowedTools", "Bash"]);
    expect(claudeOptions(["--settings", '{"a":1}'], project)).toEqual(["--settings", '{"a":1}']);
    expect(claudeOptions(["--model", "x", "--settings=s.json"], project)).toEqual([
      "--model",
      "x",
      "--settings",
      '{"model":"m","env":{"A":"1"}}',
    ]);
  });
});
