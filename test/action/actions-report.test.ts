import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../src/auto-loop/core/history.js";
import { loopStatus } from "../../src/auto-loop/core/status.js";
import type { AutoLoopState } from "../../src/auto-loop/core/state.js";
import { inertLog, iterationRows, renderOutputs, renderSummary, runOutputs, type ActionsReport } from "../../src/action/actions-report.js";
import { at, makeState } from "../auto-loop/fixtures.js";

const entry = (iteration: number, event: HistoryEntry["event"], tokens: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  version: 1,
  at: at(iteration * 1000).toISOString(),
  loop_id: "loop-1",
  session_id: "s-1",
  iteration,
  event,
  status: "pursuing",
  verdict: null,
  exit_code: null,
  vote: null,
  tokens,
  detail: `${event} ${iteration}`,
  ...extra,
});
const gate = (
  iteration: number,
  tokens: number,
  verdict: HistoryEntry["verdict"],
  vote: HistoryEntry["vote"] = null,
  exit = verdict === "fail" ? 1 : 0,
) => entry(iteration, "gate", tokens, { verdict, vote, exit_code: exit });

const ended = (overrides: Partial<AutoLoopState>) =>
  makeState({ ended_at: at(95_000).toISOString(), iteration: 3, tokens: { transcript: 1200, audit: 300 }, ...overrides });

function report(
  state: AutoLoopState | undefined,
  history: HistoryEntry[],
  exitCode: number,
  budgetLimitedOk = false,
  stoppedBy: string | null = null,
): ActionsReport {
  return { status: loopStatus("/p", state, at(100_000), 1_800_000), history, exitCode, budgetLimitedOk, stoppedBy };
}

describe("iterationRows", () => {
  it.each<{ name: string; history: HistoryEntry[]; rows: Array<Partial<ReturnType<typeof iterationRows>[number]>> }>([
    { name: "no iteration yet", history: [entry(0, "start", 0), entry(0, "phase", 0)], rows: [] },
    {
      name: "a pass loopkit's own rules did not count says why, and no audit vote",
      history: [entry(1, "gate", 100, { verdict: "pass", exit_code: 0, not_a_pass: "a report changed while the verifier ran" })],
      rows: [
        { iteration: 1, verdict: "pass", vote: null, notes: ["not a pass by loopkit's rules: a report changed while the verifier ran"] },
      ],
    },
    {
      name: "one gate per iteration: tokens per iteration are the difference of the running totals",
      history: [
        entry(0, "start", 0),
        entry(0, "phase", 0),
        gate(1, 400, "fail"),
        entry(1, "phase", 400),
        gate(2, 900, "flaky"),
        gate(3, 1500, "pass", "achieved"),
      ],
      rows: [
        { iteration: 1, verdict: "fail", exitCode: 1, vote: null, tokens: 400, total: 400, notes: [] },
        { iteration: 2, verdict: "flaky", vote: null, tokens: 500, total: 900 },
        { iteration: 3, verdict: "pass", vote: "achieved", tokens: 600, total: 1500 },
      ],
    },
    {
      name: "a tampered turn, a blocker report and the wrap-up turn are rows with notes and no verdict",
      history: [
        gate(1, 100, "fail"),
        entry(2, "tamper", 250),
        entry(2, "protected", 260, { detail: "protected files changed since the loop started: test/a.test.js" }),
        entry(3, "blocked-report", 300, { detail: "needs a DB" }),
        gate(3, 320, "fail"),
        entry(3, "wrap-up", 320, { detail: "reached --max-iterations 3" }),
        entry(4, "end", 410, { status: "budget-limited" }),
      ],
      rows: [
        { iteration: 1, tokens: 100 },
        {
          iteration: 2,
          verdict: null,
          tokens: 160,
          notes: ["tampering undone", "protected files changed since the loop started: test/a.test.js"],
        },
        {
          iteration: 3,
          verdict: "fail",
          tokens: 60,
          total: 320,
          notes: ["blocker: needs a DB", "cap reached: reached --max-iterations 3"],
        },
        { iteration: 4, verdict: null, vote: null, tokens: 90, total: 410, notes: ["ended budget-limited"] },
      ],
    },
    {
      name: "another loop's lines in the same history file are left out, its tokens too",
      history: [{ ...gate(1, 5000, "pass", "achieved"), loop_id: "old" }, entry(0, "start", 0), gate(1, 200, "fail")],
      rows: [{ iteration: 1, verdict: "fail", tokens: 200, total: 200 }],
    },
    {
      name: "a takeover keeps counting from the tokens already spent",
      history: [gate(1, 300, "fail"), entry(1, "takeover", 300), gate(2, 350, "fail")],
      rows: [
        { iteration: 1, tokens: 300 },
        { iteration: 2, tokens: 50, total: 350 },
      ],
    },
  ])("$name", ({ history, rows }) => {
    const got = iterationRows(history, "loop-1");
    expect(got).toHaveLength(rows.length);
    rows.forEach((row, i) => expect(got[i]).toMatchObject(row));
  });
});

describe("renderSummary", () => {
  const history = [entry(0, "start", 0), gate(1, 700, "fail"), gate(2, 1100, "pass", "unmet"), gate(3, 1500, "pass", "achieved")];

  it.each<{ name: string; report: ActionsReport; has: Array<string | RegExp>; lacks?: Array<string | RegExp> }>([
    {
      name: "achieved: goal, verifier, status and reason, caps, time and one row per iteration",
      report: report(
        ended({
          status: "achieved",
          status_reason: "the verifier passed twice and the audit voted achieved",
          last_audit: {
            at: at(90_000).toISOString(),
            iteration: 3,
            vote: "achieved",
            reasons: ["tests pass", "diff matches goal"],
            failure: null,
            tokens: 300,
            ran: true,
          },
        }),
        history,
        0,
      ),
      has: [
        "## ✅ loopkit run: achieved",
        "```text\nmake it work\n```",
        "| Verifier | `npm test` |",
        "| Final status | achieved: the verifier passed twice and the audit voted achieved |",
        "| Iterations | 3 of 40 |",
        "| Tokens | 1500 of 2000000 |",
        "| Total time | 1m35s of 4h |",
        "| Exit code | 0 |",
        "| Loop id | `loop-1` |",
        "### Iterations\n\n| Iteration | Verifier | Audit | Tokens | Total tokens | Notes |",
        "| 1 | fail (exit 1) | - | 700 | 700 |  |",
        "| 2 | pass (exit 0) | unmet | 400 | 1100 |  |",
        "| 3 | pass (exit 0) | achieved | 400 | 1500 |  |",
        "**Last audit: achieved**\n\n- tests pass\n- diff matches goal",
      ],
    },
    {
      name: "budget-limited with --budget-limited-ok: says why the exit code is 0, and shows the hand-off note",
      report: report(
        ended({
          status: "budget-limited",
          status_reason: "reached --max-iterations 3",
          caps: { ...makeState().caps, max_iterations: 3 },
          iteration: 4,
          audit_not_run: { streak: 0, turns: 1 },
          handoff_note: "next: fix the parser",
          protect: { ...makeState().protect, globs: ["test/**", "package.json"] },
        }),
        history,
        0,
        true,
      ),
      has: [
        "## ⏱️ loopkit run: budget-limited",
        "| Final status | budget-limited: reached --max-iterations 3 |",
        "| Iterations | 3 of 3 (and 1 not counted: the audit could not run) |",
        "| Protected | `test/**` `package.json` |",
        "| Exit code | 0 (budget-limited counts as success: --budget-limited-ok) |",
        "**Hand-off note**\n\n```text\nnext: fix the parser\n```",
      ],
    },
    {
      name: "budget-limited without the option: exit 6, no success claim",
      report: report(ended({ status: "budget-limited", status_reason: "reached --max-tokens 1000" }), history, 6),
      has: ["| Exit code | 6 |"],
      lacks: ["counts as success", "Hand-off note", "| Protected |"],
    },
    {
      name: "the runner stopped with the loop pursuing: says so and how to continue",
      report: report(makeState({ iteration: 0 }), [entry(0, "start", 0)], 1),
      has: [
        "## ⏸️ loopkit run: pursuing",
        "the runner stopped with the loop still pursuing (exit 1); `loopkit run --takeover` continues it",
        "No iteration was judged.",
      ],
    },
    {
      name: "the job was cancelled mid-loop: says by what, and the iterations judged so far",
      report: report(
        makeState({ iteration: 1 }),
        [entry(0, "start", 0), gate(1, 70, "fail")],
        130,
        false,
        "SIGINT: the job was cancelled or timed out",
      ),
      has: [
        "the runner stopped (SIGINT: the job was cancelled or timed out) with the loop still pursuing (exit 130)",
        "| 1 | fail (exit 1) | - | 70 | 70 |  |",
        "| Exit code | 130 |",
      ],
    },
    {
      name: "no state at all",
      report: report(undefined, [], 1),
      has: ["## ❔ loopkit run: none", "(no goal recorded)", "| Verifier | `-` |"],
    },
    {
      name: "hostile text: pipes, newlines and HTML in cells stay inside their cell; backticks cannot close the goal's fence or the verifier's code",
      report: report(
        ended({
          status: "unmet",
          status_reason: "audit said | no\n<script>x</script>",
          goal: "goal with ```\n| fake | row |",
          verify_command: "test `cat x` = y | grep z",
        }),
        [gate(1, 10, "fail"), entry(1, "blocked-report", 10, { detail: "a|b\nc" })],
        4,
      ),
      has: [
        "````text\ngoal with ```\n| fake | row |\n````",
        "| Verifier | ``test `cat x` = y \\| grep z`` |",
        "| Final status | unmet: audit said \\| no &lt;script&gt;x&lt;/script&gt; |",
        "blocker: a\\|b c |",
      ],
      lacks: ["<script>"],
    },
  ])("$name", ({ report: r, has, lacks = [] }) => {
    const text = renderSummary(r);
    for (const part of has) expect(text).toContain(part);
    for (const part of lacks) expect(text).not.toContain(part);
  });
});

describe("step outputs", () => {
  it("sets status, reason, iterations, tokens, loop_id and exit_code from the records", () => {
    const r = report(ended({ status: "budget-limited", status_reason: "reached --max-iterations 3" }), [], 6);
    expect(runOutputs(r)).toEqual({
      status: "budget-limited",
      reason: "reached --max-iterations 3",
      iterations: "3",
      tokens: "1500",
      loop_id: "loop-1",
      exit_code: "6",
    });
  });

  it.each<{ name: string; values: Record<string, string>; text: string }>([
    { name: "one line each", values: { status: "achieved", iterations: "3" }, text: "status<<D\nachieved\nD\niterations<<D\n3\nD\n" },
    {
      name: "a multi-line value stays one output",
      values: { reason: "line one\nstatus=achieved" },
      text: "reason<<D\nline one\nstatus=achieved\nD\n",
    },
    { name: "an empty value", values: { loop_id: "" }, text: "loop_id<<D\n\nD\n" },
  ])("renders the delimiter format: $name", ({ values, text }) => {
    expect(renderOutputs(values, "D")).toBe(text);
  });

  it("refuses a value holding the delimiter on a line of its own (it would end the value and set other outputs)", () => {
    expect(() => renderOutputs({ reason: "x\nD\nstatus<<D\nachieved" }, "D")).toThrow(/reason contains the delimiter/);
    expect(renderOutputs({ reason: "xD" }, "D")).toBe("reason<<D\nxD\nD\n");
  });
});

describe("inertLog", () => {
  it.each([
    {
      name: "text ending in a newline",
      text: "::set-output name=status::achieved\n",
      out: "::stop-commands::T\n::set-output name=status::achieved\n::T::\n",
    },
    { name: "text without a final newline", text: "done", out: "::stop-commands::T\ndone\n::T::\n" },
    { name: "no text", text: "", out: "::stop-commands::T\n::T::\n" },
  ])("wraps $name between ::stop-commands:: and its token", ({ text, out }) => {
    expect(inertLog(text, "T")).toBe(out);
  });
});
