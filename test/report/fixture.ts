// Loops on record for the report tests, made with loopkit's own builders: an auto-loop with real
// checkpoints of a real project (loopkit's record of it), hostile names and words throughout; a repeat loop.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { historyEntry, type HistoryEntry } from "../../src/auto-loop/core/history.js";
import { AutoLoopStateSchema, type AutoLoopState } from "../../src/auto-loop/core/state.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { RepeatStateSchema, repeatStateFile, type RepeatState } from "../../src/repeat/state.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { writeJson } from "../../src/state/json-store.js";
import { makeState } from "../auto-loop/fixtures.js";
import { makeProject, write } from "../checkpoint/repo-fixture.js";

export const HOSTILE_GOAL = `<h1>Take over</h1><script>alert('goal')</script> & "quotes" 'too'`;
/** Paths whose names would be markup: a folder "x<" holding "details>" is the path "x</details>". */
export const HOSTILE_FILES = [
  "<script>alert(1)</script>.js",
  "x</details><img src=x onerror=alert(2)>",
  `quote"'name.txt`,
  "new\nline.txt",
];
export const HOSTILE_REASON = `<img src=x onerror=alert(3)> the tests "pass"`;

const T0 = Date.parse("2026-12-01T10:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** An auto-loop of 3 iterations (fail, fail, pass + achieved) in a git project, with its state, gate history and checkpoints. */
export async function autoLoopOnRecord(options: { tests?: boolean } = {}): Promise<{
  root: string;
  project: string;
  data: string;
  state: AutoLoopState;
}> {
  const { root, project, data } = makeProject();
  const loopId = "loop-auto-1";
  let state = makeState({
    loop_id: loopId,
    project_dir: project,
    goal: HOSTILE_GOAL,
    verify_command: "npm test -- --reporter <dot>",
    started_at: at(0).toISOString(),
  });
  const history: HistoryEntry[] = [
    historyEntry(state, at(0), "start", "goal inline; verifier: npm test; caps 40 iterations", { goal: state.goal }),
  ];
  const loop = { dataDir: data, projectDir: project, loopId, loopKind: "auto-loop" as const, stateFile: loopFiles(data, project).state };
  const steps = [
    { verdict: "fail" as const, vote: null, tokens: 12_000, tests: { runner: "vitest", passed: 3, failed: 5, skipped: 1, failing: [] } },
    { verdict: "fail" as const, vote: null, tokens: 31_000, tests: { runner: "vitest", passed: 6, failed: 2, skipped: 1, failing: [] } },
    {
      verdict: "pass" as const,
      vote: "achieved" as const,
      tokens: 52_000,
      tests: { runner: "vitest", passed: 8, failed: 0, skipped: 1, failing: [] },
    },
  ];
  for (const [i, step] of steps.entries()) {
    const n = i + 1;
    write(project, "src/app.js", `export const value = ${n};\n// </pre><script>alert("diff ${n}")</script>\n`);
    write(project, HOSTILE_FILES[i]!, `line of iteration ${n}\n`);
    if (n === 3) write(project, HOSTILE_FILES[3]!, "a newline in the name\n");
    state = { ...state, iteration: n, tokens: { transcript: step.tokens - 2_000 * (step.vote ? 1 : 0), audit: step.vote ? 2_000 : 0 } };
    await checkpointIteration(loop, { iteration: n, verdict: step.verdict, tokens: step.tokens }, at(n * 7), deadlineIn(60_000));
    history.push(
      historyEntry(state, at(n * 7), "gate", `iteration ${n}: verifier ${step.verdict}`, {
        verdict: step.verdict,
        exit_code: step.verdict === "pass" ? 0 : 1,
        vote: step.vote,
        ...(step.vote ? { audit_reasons: [HOSTILE_REASON, "src/app.js exports the value"] } : {}),
        ...(options.tests === false ? {} : { tests: step.tests }),
      }),
    );
  }
  state = {
    ...state,
    status: "achieved",
    status_reason: "the verifier passed twice and the audit voted achieved",
    ended_at: at(21).toISOString(),
    handoff_note: "</pre><b>done</b> next: nothing",
    last_verifier: {
      at: at(21).toISOString(),
      iteration: 3,
      verdict: "pass",
      runs: [
        {
          exit_code: 0,
          passed: true,
          timed_out: false,
          duration_ms: 900,
          output_tail: "8 passing <ok>",
          output_bytes: 14,
          log_file: null,
          sandbox: "unsandboxed",
        },
      ],
    },
  };
  history.push(historyEntry(state, at(21), "end", state.status_reason!));
  const files = loopFiles(data, project);
  await writeJson(files.state, AutoLoopStateSchema, state);
  // The gate lines carry the per-gate test counts that the report charts.
  writeFileSync(files.history, history.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
  return { root, project, data, state };
}

/** A repeat loop's state in `data`, ended COMPLETED after 3 iterations, with a hostile command and summaries. */
export async function repeatLoopOnRecord(data: string, project: string): Promise<RepeatState> {
  const iterations = [1, 2, 3].map((n) => ({
    number: n,
    started_at: at(n * 10).toISOString(),
    ended_at: new Date(at(n * 10).getTime() + n * 20_000).toISOString(),
    result: n === 2 ? ("fail" as const) : ("pass" as const),
    exit_code: n === 2 ? 1 : 0,
    summary: n === 2 ? "<b>lint</b> failed in </td></tr><script>x()</script>" : `build green ${n}`,
    tokens: n * 1000,
  }));
  const state: RepeatState = {
    version: 1,
    loop_id: "loop-1764583200000",
    session_id: "s-repeat",
    project_dir: project,
    command: "/review <script>alert('cmd')</script>",
    interval_ms: 600_000,
    max_iterations: 3,
    stats_file: path.join(data, "stats.json"),
    started_at: at(10).toISOString(),
    phase: "ended",
    iteration: 3,
    iteration_started_at: at(30).toISOString(),
    next_at: null,
    wait_token: null,
    wait_owner: null,
    prompt_id: null,
    consecutive_failures: 0,
    iterations,
    final_status: "COMPLETED",
    ended_at: at(31).toISOString(),
    terminal: null,
    transcript_cursor: null,
  };
  await writeJson(repeatStateFile(data, state.session_id), RepeatStateSchema, state);
  return state;
}

/** A page with the whitespace between its tags gone: the source's templates are laid out by prettier, not by the tests. */
export const flat = (page: string) =>
  page
    .replace(/\s+/g, " ")
    .replace(/ ?> ?</g, "><")
    .replace(/ >/g, ">");
